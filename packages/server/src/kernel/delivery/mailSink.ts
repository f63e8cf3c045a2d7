import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { readMail } from './readMail.js';

/** The port `latch-server mail-sink` listens on unless told otherwise (a common unprivileged SMTP port). */
const MAIL_SINK_PORT = 2525;

/** What `startMailSink` returns: where it listens, and how to stop it. */
export interface MailSink {
  port: number;
  /** The SMTP_URL that sends to it. */
  url: string;
  close(): Promise<void>;
}

/** The lines the sink prints for one email: recipients, subject, then the plain text. */
function formatMail(to: string[], raw: string): string {
  const { subject, text } = readMail(raw);
  return `To: ${to.join(', ')}\nSubject: ${subject}\n\n${text}\n${'-'.repeat(60)}\n`;
}

/**
 * An SMTP server on 127.0.0.1 only (smtp-server) that accepts every email, from any client with or without
 * credentials, and hands it to `print` as text: a way to see a production-mode server's login codes on a
 * developer's machine (`latch-server mail-sink`). Never a relay: it stores and forwards nothing.
 */
export async function startMailSink(options: { port?: number; print: (text: string) => void }): Promise<MailSink> {
  const server = new SMTPServer({
    secure: false,
    // No certificate to offer; nodemailer then sends in the clear, which is what a loopback sink can see.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    // SMTP_URL may carry the production relay's credentials: accept any, and never print them.
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
    size: 10 * 1024 * 1024,
    banner: 'latch-server mail-sink (prints every email, delivers none)',
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        options.print(
          formatMail(
            session.envelope.rcptTo.map((r) => r.address),
            Buffer.concat(chunks).toString('utf8'),
          ),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? MAIL_SINK_PORT, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
