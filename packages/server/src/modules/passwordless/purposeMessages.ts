import { CODE_POLICY } from '@latch/protocol';
import { emailCodeMessage, escapeHtml, smsCodeMessage } from '../../kernel/delivery/codeMessages.js';
import type { EmailMessage, SmsMessage } from '../../kernel/ports.js';
import type { CodePurpose } from './OneTimeCodes.js';

const minutes = CODE_POLICY.ttlMs / 60_000;

/** What a code of each purpose lets its user do, as its message says (so nobody hands over a code blind). */
const ACTION: Record<Exclude<CodePurpose, 'login'>, string> = {
  link: 'add this address to your account',
  update: 'make this your new login address',
  'update-old': 'confirm changing your login address away from this one',
  unlink: 'remove this address from your account',
  export: 'export your wallet key',
  'step-up': 'confirm it is really you before a change to your account',
};

/** The email carrying a code for `purpose`: the login message, or one naming the change it allows. */
export function emailPurposeMessage(appName: string, to: string, code: string, purpose: CodePurpose): EmailMessage {
  if (purpose === 'login') return emailCodeMessage(appName, to, code);
  const action = ACTION[purpose];
  const subject = `${code} is your code to ${action} at ${appName}`;
  const lines = [
    `Your code to ${action} at ${appName} is:`,
    '',
    code,
    '',
    `It expires in ${minutes} minutes and works once. Never share it: ${appName} will not ask you for it.`,
    '',
    "If you didn't request this, someone may have access to your account: log in and review it.",
  ];
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#1a1a1a">
<p>Your code to ${escapeHtml(action)} at ${escapeHtml(appName)} is:</p>
<p style="font-size:28px;font-weight:700;letter-spacing:6px">${code}</p>
<p>${escapeHtml(lines[4] ?? '')}</p>
<p style="color:#666">${escapeHtml(lines[6] ?? '')}</p>
</body></html>`;
  return { to, subject, text: lines.join('\n'), html, code };
}

/** The SMS carrying a code for `purpose`. */
export function smsPurposeMessage(appName: string, to: string, code: string, purpose: CodePurpose): SmsMessage {
  if (purpose === 'login') return smsCodeMessage(appName, to, code);
  return {
    to,
    code,
    text: `${code} is your code to ${ACTION[purpose]} at ${appName}. It expires in ${minutes} minutes. Don't share it.`,
  };
}
