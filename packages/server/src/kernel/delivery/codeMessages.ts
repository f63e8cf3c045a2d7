import { CODE_POLICY } from '@latch/protocol';
import type { EmailMessage, SmsMessage } from '../ports.js';

const minutes = CODE_POLICY.ttlMs / 60_000;

/** Escapes text for an email's HTML part. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

/** The email carrying a login code, as a person would expect it from `appName`. */
export function emailCodeMessage(appName: string, to: string, code: string): EmailMessage {
  const subject = `${code} is your login code for ${appName}`;
  const text = [
    `Your login code for ${appName} is:`,
    '',
    code,
    '',
    `Enter it where you asked to log in. It expires in ${minutes} minutes and works once.`,
    '',
    "If you didn't request this, you can ignore this email.",
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#1a1a1a">
<p>Your login code for ${escapeHtml(appName)} is:</p>
<p style="font-size:28px;font-weight:700;letter-spacing:6px">${code}</p>
<p>Enter it where you asked to log in. It expires in ${minutes} minutes and works once.</p>
<p style="color:#666">If you didn't request this, you can ignore this email.</p>
</body></html>`;
  return { to, subject, text, html, code };
}

/** The SMS carrying a login code: the code first, so phones can offer it for autofill. */
export function smsCodeMessage(appName: string, to: string, code: string): SmsMessage {
  return {
    to,
    code,
    text: `${code} is your login code for ${appName}. It expires in ${minutes} minutes. Don't share it with anyone.`,
  };
}
