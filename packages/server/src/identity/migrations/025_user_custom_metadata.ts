import type { Kysely } from 'kysely';

/**
 * Migration 025 (issue #25): a user's custom metadata, a small JSON object set by the app's backend through
 * the admin API (adminApi/customMetadata.ts) and returned in the WireUser. Null when none was set.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists (Kysely's convention)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('custom_metadata', 'jsonb').execute();
}

/** Drops the column. */
// biome-ignore lint/suspicious/noExplicitAny: see `up`
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('custom_metadata').execute();
}
