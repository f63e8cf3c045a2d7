import { LatchError } from '@latch/protocol';
import type { Transporter } from 'nodemailer';
import type { Logger } from '../logger.js';
import type { EmailMessage } from '../ports.js';

/** Settings of the SMTP sender. */
interface SmtpEmailSenderOptions {
  /** `smtp://user:pass@host:port` or `smtps://…` (nodemailer's connection URL). */
  smtpUrl: string;
  /** The From header, e.g. `Acme <no-reply@acme.example>`. */
  from: string;
  logger: Logger;
}

/** Sends emails through an SMTP relay with nodemailer. */
export class SmtpEmailSender {
  private transport: Promise<Transporter> | undefined;
  private readonly smtpUrl: string;
  private readonly from: string;
  private readonly logger: Logger;

  constructor(options: SmtpEmailSenderOptions) {
    this.smtpUrl = options.smtpUrl;
    this.from = options.from;
    this.logger = options.logger;
  }

  /** nodemailer's transport, made on the first email (nodemailer loads then, not with the server). */
  private transporter(): Promise<Transporter> {
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(this.smtpUrl));
    return this.transport;
  }

  /** Sends one email; a relay failure becomes a 503 that tells the user to try later. */
  async sendEmail(message: EmailMessage): Promise<void> {
    try {
      await (await this.transporter()).sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    } catch (error) {
      // The error names the relay's answer only; never the message (it holds the code).
      const { code, responseCode } = error as { code?: string; responseCode?: number };
      this.logger.warn({ channel: 'email', smtpError: code, responseCode }, 'email delivery failed');
      throw new LatchError('internal_error', 'The email could not be sent. Try again later.', { status: 503 });
    }
  }

  /** Closes pooled connections. */
  close(): void {
    void this.transport?.then(
      (transport) => transport.close(),
      () => {},
    );
  }
}
