import type { Kysely } from 'kysely';

/**
 * Migration 026 (issue #28): an app's fiat on-ramp provider settings, one row per mode ('live' or
 * 'sandbox'): the provider's publishable key and URLs (nothing secret) and its secret key, sealed under the
 * master key bound to the app and mode (`keys rotate` re-seals it: onRampSealing.ts). docs/onramp.md.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists (Kysely's convention)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('app_on_ramp_credentials')
    .addColumn('app_id', 'char(25)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
    // 'live' | 'sandbox'
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('publishable_key', 'text', (c) => c.notNull())
    .addColumn('widget_url', 'text', (c) => c.notNull())
    .addColumn('api_url', 'text', (c) => c.notNull())
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('app_on_ramp_credentials_pk', ['app_id', 'mode'])
    .execute();
}

/** Drops the on-ramp settings. */
// biome-ignore lint/suspicious/noExplicitAny: see `up`
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('app_on_ramp_credentials').ifExists().execute();
}
