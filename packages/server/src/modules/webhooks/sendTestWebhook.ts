import { type AdminWebhookTestResult, LatchError } from '@latch/protocol';
import { type Kysely, sql } from 'kysely';
import type { Clock } from '../../kernel/clock.js';
import type { Db } from '../../kernel/store/db.js';
import type { WebhookTables } from './webhookTables.js';

/**
 * Queues a `webhook.test` event for one endpoint of the app, whatever it subscribes to: the delivery worker
 * then signs and sends it as every other event (same outbox, same retries), and its state shows in the
 * deliveries. It is about no user (`user_id` empty, so `data.user` is null). An endpoint of another app, or
 * none, is `invalid_data` as for `apps webhooks remove`.
 */
export async function sendTestWebhook(
  ctx: { db: Db; clock: Clock },
  appId: string,
  endpointId: string,
): Promise<AdminWebhookTestResult> {
  const now = ctx.clock.now();
  const row = await (ctx.db as unknown as Kysely<WebhookTables>)
    .insertInto('webhook_deliveries')
    .columns(['id', 'app_id', 'endpoint_id', 'type', 'user_id', 'account', 'created_at', 'next_attempt_at'])
    .expression((eb) =>
      eb
        .selectFrom('webhook_endpoints as we')
        .select([
          sql<string>`'msg_' || replace(gen_random_uuid()::text, '-', '')`.as('id'),
          'we.app_id',
          'we.id as endpoint_id',
          sql<string>`'webhook.test'`.as('type'),
          sql<string>`''`.as('user_id'),
          sql<null>`null::jsonb`.as('account'),
          sql<Date>`${now}::timestamptz`.as('created_at'),
          sql<Date>`${now}::timestamptz`.as('next_attempt_at'),
        ])
        .where('we.app_id', '=', appId)
        .where('we.id', '=', endpointId),
    )
    .returning('id')
    .executeTakeFirst();
  if (!row) throw new LatchError('invalid_data', 'The app has no webhook endpoint with this id.');
  return { event_id: row.id, endpoint_id: endpointId, status: 'pending' };
}
