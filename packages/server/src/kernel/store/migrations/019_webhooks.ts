import { type Kysely, sql } from 'kysely';

/**
 * Migration 019 (issue #15): webhooks. `webhook_endpoints` holds an app's endpoints, each with its
 * Standard Webhooks secret sealed under the master key (bound to app and endpoint; `keys rotate` re-seals
 * it) and, for a grace period after a rotation, the previous one. `webhook_deliveries` is the durable
 * outbox: one row per event and endpoint, written in the same statement or transaction as the change that
 * causes the event, then claimed and sent by the delivery worker (webhooks/WebhookWorker.ts).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists (Kysely's convention)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('app_id', 'char(25)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', sql`text[]`, (c) => c.notNull())
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('previous_secret_sealed', 'text')
    .addColumn('previous_secret_expires_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_endpoints_app').on('webhook_endpoints').column('app_id').execute();
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('app_id', 'char(25)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    // No foreign key: the event outlives a user deleted before it is sent.
    .addColumn('user_id', 'text', (c) => c.notNull())
    // The linked_accounts row concerned as JSON (an unlinked one no longer exists when the event is sent).
    .addColumn('account', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_status_code', 'integer')
    .addColumn('last_attempt_at', 'timestamptz')
    // The security event of a `security.*` webhook (no foreign key: the event outlives its user). Added by
    // 022 on databases made before; here so that webhooks added to a server after 022 ran still get it.
    .addColumn('security_event_id', 'text')
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .column('next_attempt_at')
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_app')
    .on('webhook_deliveries')
    .columns(['app_id', 'created_at'])
    .execute();
}

/** Drops the webhook tables. */
// biome-ignore lint/suspicious/noExplicitAny: see `up`
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').ifExists().execute();
  await db.schema.dropTable('webhook_endpoints').ifExists().execute();
}
