import type { Kysely } from 'kysely';

/**
 * Migration 028: cloud backups (docs/cloud-backup.md). The keyed hash of the cloud account (Google's `sub`,
 * CloudKit's `userRecordName`) a wallet's backup is bound to; a recovery from another account is refused.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists (Kysely's convention)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('embedded_wallets').addColumn('cloud_account_hash', 'text').execute();
}

/** Drops the column. */
// biome-ignore lint/suspicious/noExplicitAny: see `up`
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('embedded_wallets').dropColumn('cloud_account_hash').execute();
}
