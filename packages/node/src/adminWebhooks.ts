import {
  ADMIN_API,
  type AdminCreatedWebhook,
  type AdminWebhookDelivery,
  type AdminWebhookEndpoint,
  type AdminWebhookTestResult,
  LatchError,
} from '@latch/protocol';
import type { LatchWebhookEventType } from '@latch/protocol/webhooks';
import type { AdminCall } from './adminTransport.js';

/** The admin API's webhook endpoints (docs/webhooks.md): what `apps webhooks …` does, from a backend. */
export interface WebhookClient {
  /** Adds an endpoint (https) for `events` (all when omitted); its signing `secret` is in this answer only. */
  createWebhook(options: { url: string; events?: LatchWebhookEventType[] }): Promise<AdminCreatedWebhook>;
  /** The app's endpoints, oldest first (never a secret). */
  listWebhooks(): Promise<AdminWebhookEndpoint[]>;
  /** Removes the endpoint and its pending deliveries; throws `invalid_data` when the app has none with this id. */
  deleteWebhook(endpointId: string): Promise<void>;
  /** Queues a signed `webhook.test` event for the endpoint; follow it in `listWebhookDeliveries`. */
  sendTestWebhook(endpointId: string): Promise<AdminWebhookTestResult>;
  /** The latest 100 deliveries, newest first: status, attempts, last HTTP status. */
  listWebhookDeliveries(): Promise<AdminWebhookDelivery[]>;
}

/** The webhook calls over an admin transport. */
export function webhookClient(call: AdminCall): WebhookClient {
  const json = async <T>(response: Response | null): Promise<T> => {
    if (!response) throw new LatchError('not_found');
    return (await response.json()) as T;
  };
  return {
    createWebhook: async ({ url, events }) =>
      json<AdminCreatedWebhook>(await call('POST', ADMIN_API.webhooks, { url, events })),
    listWebhooks: async () =>
      (await json<{ data: AdminWebhookEndpoint[] }>(await call('GET', ADMIN_API.webhooks))).data,
    deleteWebhook: async (endpointId) => {
      if (!(await call('DELETE', ADMIN_API.webhook(endpointId)))) throw new LatchError('not_found');
    },
    sendTestWebhook: async (endpointId) =>
      json<AdminWebhookTestResult>(await call('POST', ADMIN_API.webhookTest(endpointId))),
    listWebhookDeliveries: async () =>
      (await json<{ data: AdminWebhookDelivery[] }>(await call('GET', ADMIN_API.webhookDeliveries))).data,
  };
}
