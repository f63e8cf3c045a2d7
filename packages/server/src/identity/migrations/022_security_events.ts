import { type Kysely, sql } from 'kysely';

/**
 * Migration 022 (issue #24): `security_events`, the audit row of every release of wallet material and every
 * change of a user's login methods or MFA (securityEvents/recordSecurityEvent.ts), listed newest first per
 * user; and `webhook_deliveries.security_event_id`, so a `security.*` webhook carries its event.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists (Kysely's convention)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('security_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('app_id', 'char(25)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
    // The user's events go with the user (the admin API's delete removes everything of theirs).
    .addColumn('user_id', 'char(25)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    // No secret: a device thumbprint prefix, an account type, a masked identifier, an MFA method.
    .addColumn('detail', 'jsonb', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    // Orders events of the same instant as they were written (the list is newest first).
    .addColumn('seq', 'bigserial', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('security_events_user')
    .on('security_events')
    .columns(['app_id', 'user_id', 'created_at'])
    .execute();
  // No foreign key: a webhook outlives the user (and so the event row) it is about, as `user_id` does.
  // Only where the webhooks module's tables exist and lack it (019 creates it since modules declare their
  // migrations: a server may run without webhooks, or add them later).
  await sql`alter table if exists webhook_deliveries add column if not exists security_event_id text`.execute(db);
}

/** Drops the security events. */
// biome-ignore lint/suspicious/noExplicitAny: see `up`
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table if exists webhook_deliveries drop column if exists security_event_id`.execute(db);
  await db.schema.dropTable('security_events').ifExists().execute();
}
