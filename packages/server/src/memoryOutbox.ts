import type { Clock } from './clock.js';
import type { DeliveryModule, OutboxMessage } from './ports.js';

const KEEP = 100;

/** A delivery that only records messages in memory (dev mode fallback until a real adapter is wired). */
export function createMemoryOutbox(clock: Clock): DeliveryModule {
  const messages: OutboxMessage[] = [];
  const record = (message: OutboxMessage) => {
    messages.unshift(message);
    messages.length = Math.min(messages.length, KEEP);
  };
  return {
    delivery: {
      async sendEmail({ to, subject, text, code }) {
        record({ channel: 'email', recipient: to, subject, text, code, sent_at: clock.now().toISOString() });
      },
      async sendSms({ to, text, code }) {
        record({ channel: 'sms', recipient: to, text, code, sent_at: clock.now().toISOString() });
      },
    },
    outbox: { list: async () => [...messages] },
  };
}
