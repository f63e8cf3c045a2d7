import type { Clock } from '../clock.js';
import type { Delivery, EmailMessage, Outbox, OutboxMessage, SmsMessage } from '../ports.js';

/** How many messages the dev outbox keeps (newest first). */
export const DEV_OUTBOX_SIZE = 100;

/**
 * The dev-mode outbox: remembers the last messages in memory so `GET /api/v1/dev/outbox` and the
 * `/dev/outbox` page can show the codes. Memory is enough: dev mode is one process, and the codes
 * are worthless after 10 minutes anyway.
 */
export class DevOutbox implements Outbox, Delivery {
  private readonly messages: OutboxMessage[] = [];

  constructor(private readonly clock: Clock) {}

  async list(): Promise<OutboxMessage[]> {
    return this.messages.map((m) => ({ ...m }));
  }

  async sendEmail({ to, subject, text, code }: EmailMessage): Promise<void> {
    this.record({ channel: 'email', recipient: to, subject, text, code, sent_at: this.clock.now().toISOString() });
  }

  async sendSms({ to, text, code }: SmsMessage): Promise<void> {
    this.record({ channel: 'sms', recipient: to, text, code, sent_at: this.clock.now().toISOString() });
  }

  private record(message: OutboxMessage): void {
    this.messages.unshift(message);
    if (this.messages.length > DEV_OUTBOX_SIZE) this.messages.length = DEV_OUTBOX_SIZE;
  }
}
