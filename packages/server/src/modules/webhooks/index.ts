import type { LatchModule } from '../../kernel/module.js';
import { WebhookEndpoints } from './WebhookEndpoints.js';
import { WebhookWorker } from './WebhookWorker.js';
import { webhookSealing } from './webhookSealing.js';

declare module '../../kernel/context.js' {
  interface Services {
    /** The apps' webhook endpoints, secrets sealed under the master key (modules/webhooks/). */
    webhookEndpoints: WebhookEndpoints;
  }
}

/** Webhooks: the apps' endpoints and the worker that delivers the event outbox (SPEC §7 "Webhooks"). */
export const webhooksModule: LatchModule = {
  id: 'webhooks',
  services: (ctx) => ({ webhookEndpoints: new WebhookEndpoints(ctx.db, ctx.sealer, ctx.clock) }),
  // Every listening server sends the outbox (several share a PostgreSQL safely).
  background: (ctx) => {
    const worker = new WebhookWorker(ctx);
    worker.start();
    return { stop: () => worker.stop() };
  },
  sealed: webhookSealing,
};
