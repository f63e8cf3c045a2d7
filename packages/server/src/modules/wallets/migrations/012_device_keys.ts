import type { Kysely } from 'kysely';

/**
 * Migration 012 (custody v2, issue #17): the wallet frame's device keys, and which device a share set
 * belongs to. A device key is the public half of a non-extractable P-256 key held by the frame; its id
 * is the key's RFC 7638 thumbprint. Share sets made before this migration have no device
 * (`device_key_id` null) and are never released by `auth_share`: such devices recover once.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists (Kysely's convention)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('device_keys')
    .addColumn('app_id', 'char(25)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('user_id', 'char(25)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('public_jwk', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    // One browser's frame (one key) may serve several users of several apps: the key is per user.
    .addPrimaryKeyConstraint('device_keys_pk', ['app_id', 'user_id', 'id'])
    .execute();
  await db.schema.alterTable('wallet_share_sets').addColumn('device_key_id', 'text').execute();
}

/** Drops the device keys and the share sets' device column. */
// biome-ignore lint/suspicious/noExplicitAny: see `up`
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('wallet_share_sets').dropColumn('device_key_id').execute();
  await db.schema.dropTable('device_keys').ifExists().execute();
}
