import type { Kysely } from 'kysely';

/**
 * Migration 017 (issue #14): an app's credentials for the login methods that call a third party — an OAuth
 * provider's client id, endpoints and secret (Apple: team id, key id and private key), the Telegram bot's
 * token. `public_config` is JSON with nothing secret in it; `secret_sealed` is sealed under the master key
 * (its key id is in the value; `keys rotate` re-seals it), bound to the app and method. auth/credentials/.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists (Kysely's convention)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('app_login_credentials')
    .addColumn('app_id', 'char(25)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
    // an OAuth provider id ('google', …) or 'telegram'
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('public_config', 'text', (c) => c.notNull())
    .addColumn('secret_sealed', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('app_login_credentials_pk', ['app_id', 'method'])
    .execute();
}

/** Drops the login credentials. */
// biome-ignore lint/suspicious/noExplicitAny: see `up`
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('app_login_credentials').ifExists().execute();
}
