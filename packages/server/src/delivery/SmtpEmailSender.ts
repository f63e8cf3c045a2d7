import { LatchError } from '@latch/protocol';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '../logger.js';
import type { EmailMessage } from '../ports.js';

/** Settings of the SMTP sender. */
export interface SmtpEmailSenderOptions {
  /** `smtp://user:pass@host:port` or `smtps://…` (nodemailer's connection URL). */
  smtpUrl: string;
  /** The From header, e.g. `Acme <no-reply@acme.example>`. */
  from: string;
  logger: Logger;
}

/** Sends emails through an SMTP relay with nodemailer. */
export class SmtpEmailSender {
  private readonly transport: Transporter;
  private readonly from: string;
  private readonly logger: Logger;

  constructor(options: SmtpEmailSenderOptions) {
    this.transport = nodemailer.createTransport(options.smtpUrl);
    this.from = options.from;
    this.logger = options.logger;
  }

  /** Sends one email; a relay failure becomes a 503 that tells the user to try later. */
  async sendEmail(message: EmailMessage): Promise<void> {
    try {
      await this.transport.sendMail({
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
    this.transport.close();
  }
}
