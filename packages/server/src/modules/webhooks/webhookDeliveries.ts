import type { AdminWebhookDelivery } from '@latch/protocol';
import type { Kysely } from 'kysely';
import type { Db } from '../../kernel/store/db.js';
import type { WebhookTables } from './webhookTables.js';

/** How many deliveries a listing shows. */
export const DELIVERIES_SHOWN = 100;

/**
 * The app's latest deliveries, newest first, and their state: what `apps webhooks deliveries` prints and the
 * admin API's `listWebhookDeliveries` answers (one implementation for both).
 */
export async function latestWebhookDeliveries(db: Db, appId: string): Promise<AdminWebhookDelivery[]> {
  const rows = await (db as unknown as Kysely<WebhookTables>)
    .selectFrom('webhook_deliveries')
    .select(['id', 'type', 'endpoint_id', 'status', 'attempts', 'next_attempt_at', 'last_status_code', 'created_at'])
    .where('app_id', '=', appId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(DELIVERIES_SHOWN)
    .execute();
  return rows.map((row) => ({
    event_id: row.id,
    type: row.type,
    endpoint_id: row.endpoint_id,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.status === 'pending' ? new Date(row.next_attempt_at).toISOString() : null,
    last_status_code: row.last_status_code,
    created_at: new Date(row.created_at).toISOString(),
  }));
}
