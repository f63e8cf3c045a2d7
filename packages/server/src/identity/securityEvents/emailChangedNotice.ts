import { escapeHtml } from '../../kernel/delivery/codeMessages.js';
import type { EmailMessage } from '../../kernel/ports.js';

/** The notice to a login email that was replaced: it tells the old owner, who may not have asked. */
export function emailChangedNotice(appName: string, to: string, newAddress: string): EmailMessage {
  const text = [
    `The login email of your ${appName} account was changed from ${to} to ${newAddress}.`,
    '',
    'Every other session of the account was signed out.',
    '',
    `If you did not do this, contact ${appName} at once: someone else may control your account.`,
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#1a1a1a">
${text
  .split('\n')
  .filter((line) => line !== '')
  .map((line) => `<p>${escapeHtml(line)}</p>`)
  .join('\n')}
</body></html>`;
  // No code: a notice, not a credential (the dev outbox shows an empty code).
  return { to, subject: `Your ${appName} login email was changed`, text, html, code: '' };
}
