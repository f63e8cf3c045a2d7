import { ADMIN_API, type AdminCreatedWebhook, LatchError } from '@latch/protocol';
import { WEBHOOK_EVENT_TYPES } from '@latch/protocol/webhooks';
import * as v from 'valibot';
import type { LatchContext, RouteDef } from '../../kernel/http/env.js';
import { parseBody } from '../../kernel/http/parseBody.js';
import { sendTestWebhook } from '../webhooks/sendTestWebhook.js';
import { latestWebhookDeliveries } from '../webhooks/webhookDeliveries.js';
import { assertWebhookUrl } from '../webhooks/webhookUrl.js';
import { authenticateAdmin } from './adminAuth.js';

const ENDPOINT_ID = /^whe_[0-9a-f]{32}$/;
/** Most endpoints one app may have: each event is written once per endpoint, in the change's transaction. */
const MAX_WEBHOOK_ENDPOINTS = 20;

const CreateBody = v.object({
  url: v.pipe(v.string(), v.maxLength(2048)),
  events: v.optional(v.pipe(v.array(v.picklist(WEBHOOK_EVENT_TYPES)), v.minLength(1))),
});

/** The endpoint id of the path, or `invalid_data`. */
function pathEndpointId(c: LatchContext): string {
  const id = c.req.param('endpointId') ?? '';
  if (!ENDPOINT_ID.test(id)) throw new LatchError('invalid_data', 'Invalid endpoint id: expected whe_<32 hex digits>.');
  return id;
}

/**
 * The admin API's webhook endpoints (docs/webhooks.md): the same service as `apps webhooks add|list|remove|
 * deliveries` (WebhookEndpoints, assertWebhookUrl, latestWebhookDeliveries), plus a test-send.
 */
export const adminWebhookRoutes: RouteDef[] = [
  {
    method: 'get',
    path: ADMIN_API.webhooks,
    async handler(c) {
      const app = await authenticateAdmin(c);
      return c.json({ data: await c.get('ctx').webhookEndpoints.list(app.id) });
    },
  },
  {
    method: 'post',
    path: ADMIN_API.webhooks,
    async handler(c) {
      const app = await authenticateAdmin(c);
      const body = await parseBody(c, CreateBody);
      const url = assertWebhookUrl(body.url, c.get('ctx').settings);
      const { webhookEndpoints } = c.get('ctx');
      // A cap, so a leaked secret cannot multiply every event's writes without bound.
      if ((await webhookEndpoints.list(app.id)).length >= MAX_WEBHOOK_ENDPOINTS)
        throw new LatchError('invalid_data', `An app has at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints.`);
      const created: AdminCreatedWebhook = await webhookEndpoints.add(app.id, url, [
        ...new Set(body.events ?? WEBHOOK_EVENT_TYPES),
      ]);
      c.get('ctx').logger.info({ appId: app.id, endpoint: created.endpoint_id }, 'admin API added a webhook endpoint');
      return c.json(created, 201);
    },
  },
  {
    method: 'get',
    path: ADMIN_API.webhookDeliveries,
    async handler(c) {
      const app = await authenticateAdmin(c);
      return c.json({ data: await latestWebhookDeliveries(c.get('ctx').db, app.id) });
    },
  },
  {
    method: 'delete',
    path: ADMIN_API.webhook.pattern,
    async handler(c) {
      const app = await authenticateAdmin(c);
      const endpointId = pathEndpointId(c);
      await c.get('ctx').webhookEndpoints.remove(app.id, endpointId);
      c.get('ctx').logger.info({ appId: app.id, endpoint: endpointId }, 'admin API removed a webhook endpoint');
      return c.body(null, 204);
    },
  },
  {
    method: 'post',
    path: ADMIN_API.webhookTest.pattern,
    async handler(c) {
      const app = await authenticateAdmin(c);
      return c.json(await sendTestWebhook(c.get('ctx'), app.id, pathEndpointId(c)), 202);
    },
  },
];
