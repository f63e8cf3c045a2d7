import type { Kysely } from 'kysely';

/**
 * Migration 002: the `short_lived` table behind the PostgreSQL/PGlite ShortLivedStore.
 * `expires_at` is epoch milliseconds (bigint) so that the store's injectable clock decides expiry.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists (Kysely's convention)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('short_lived')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('short_lived_expires_at_idx').on('short_lived').column('expires_at').execute();
}

/** Drops the short-lived table. */
// biome-ignore lint/suspicious/noExplicitAny: see `up`
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('short_lived').ifExists().execute();
}
