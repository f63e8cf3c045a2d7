import { afterEach, describe, expect, it } from 'vitest';
import { emailCodeMessage } from './codeMessages.js';
import { type MailSink, startMailSink } from './mailSink.js';
import { SmtpEmailSender } from './SmtpEmailSender.js';
import { captureLogs } from './testing/captureLogs.js';

describe('latch-server mail-sink (nodemailer → the sink)', () => {
  let sink: MailSink | undefined;
  afterEach(async () => {
    await sink?.close();
    sink = undefined;
  });

  async function sendThrough(smtpUrl: string, appName: string, to: string, code: string) {
    const sender = new SmtpEmailSender({ smtpUrl, from: 'Acme <no-reply@acme.example>', logger: captureLogs().logger });
    await sender.sendEmail(emailCodeMessage(appName, to, code));
    sender.close();
  }

  it('prints the recipient, the subject and the plain text of each email, on 127.0.0.1 only', async () => {
    const printed: string[] = [];
    sink = await startMailSink({ port: 0, print: (text) => printed.push(text) });
    expect(sink.url).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    await sendThrough(sink.url, 'Acme', 'ada@example.com', '482913');
    expect(printed).toHaveLength(1);
    const [mail] = printed as [string];
    expect(mail).toMatch(/^To: ada@example\.com\nSubject: 482913 is your login code for Acme\n\n/);
    expect(mail).toContain('Your login code for Acme is:\n\n482913\n');
    expect(mail).not.toContain('<p');
  });

  it('decodes non-ASCII subjects and text, and takes a relay URL with credentials without printing them', async () => {
    const printed: string[] = [];
    sink = await startMailSink({ port: 0, print: (text) => printed.push(text) });
    const withCredentials = sink.url.replace('smtp://', 'smtp://relay-user:relay-pa55@');
    // A long line and non-ASCII characters make nodemailer encode the subject and the text (quoted-printable).
    const appName = `Café Añejo — ${'ü'.repeat(80)}`;
    await sendThrough(withCredentials, appName, 'zoë@example.com', '105933');
    const [mail] = printed as [string];
    expect(mail).toContain(`Subject: 105933 is your login code for ${appName}\n`);
    expect(mail).toContain(`Your login code for ${appName} is:\n\n105933\n`);
    expect(mail).not.toContain('relay-pa55');
    expect(mail).not.toMatch(/=C3|=\?UTF-8/i);
  });

  it('refuses a port that is taken, with the error of the listen', async () => {
    sink = await startMailSink({ port: 0, print: () => {} });
    await expect(startMailSink({ port: sink.port, print: () => {} })).rejects.toThrow(/EADDRINUSE/);
  });
});
