import type { Kysely } from 'kysely';

/**
 * Migration 010: embedded wallets and their share sets. Only ciphertext is stored: auth shares and
 * the provider recovery key as master-key envelopes, the recovery share as the frame's ciphertext.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists (Kysely's convention)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('embedded_wallets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('app_id', 'char(25)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('user_id', 'char(25)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('recovery_method', 'text', (c) => c.notNull())
    .addColumn('primary_share_set_id', 'text', (c) => c.notNull())
    .addColumn('recovery_share_sealed', 'text', (c) => c.notNull())
    .addColumn('recovery_key_sealed', 'text')
    .addColumn('password_salt', 'text')
    .addColumn('password_verifier_hash', 'text')
    .addColumn('oprf_key_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    // SPEC §4: only one embedded wallet per user.
    .addUniqueConstraint('embedded_wallets_one_per_user', ['app_id', 'user_id'])
    .addUniqueConstraint('embedded_wallets_address', ['app_id', 'address'])
    .execute();

  await db.schema
    .createTable('wallet_share_sets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('wallet_id', 'text', (c) => c.notNull().references('embedded_wallets.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('auth_share_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('wallet_share_sets_wallet_idx').on('wallet_share_sets').column('wallet_id').execute();
}

/** Drops the wallet tables. */
// biome-ignore lint/suspicious/noExplicitAny: see `up`
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('wallet_share_sets').ifExists().execute();
  await db.schema.dropTable('embedded_wallets').ifExists().execute();
}
