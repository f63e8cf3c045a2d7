import type { LatchServer } from '../index.js';
import { WebhookWorker } from '../modules/webhooks/WebhookWorker.js';

/** Runs one pass of the server's webhook worker by hand (tests do not start its timer); returns what it attempted. */
export function deliverWebhooksNow(server: LatchServer): Promise<number> {
  return new WebhookWorker(server.ctx).runOnce();
}
