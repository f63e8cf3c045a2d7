import { type Kysely, sql } from 'kysely';

/**
 * Migration 015 (issue #13): passkeys (WebAuthn credentials). A passkey is a linked account of type
 * `passkey` (`linked_accounts`, account_key = the credential id, details = what the wire shows: display
 * names and `enrolled_in_mfa`); this table holds what verifying it needs: the public key, the signature
 * counter, backup state. A row is written first with no user (a claim of the credential id, unique per
 * app) and bound to its linked account once the sign-up or link is done; deleting the linked account
 * (unlink, user deletion) deletes the credential with it. docs/passkeys.md.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists (Kysely's convention)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('passkey_credentials')
    .addColumn('app_id', 'char(25)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
    // base64url, as the authenticator chose it
    .addColumn('credential_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'char(25)', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('linked_account_id', 'bigint', (c) => c.references('linked_accounts.id').onDelete('cascade'))
    // COSE public key
    .addColumn('public_key', 'bytea', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // 'singleDevice' | 'multiDevice' (the BE flag at registration)
    .addColumn('device_type', 'text', (c) => c.notNull())
    .addColumn('backed_up', 'boolean', (c) => c.notNull())
    .addColumn('aaguid', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_used_at', 'timestamptz')
    .addPrimaryKeyConstraint('passkey_credentials_pk', ['app_id', 'credential_id'])
    .execute();
  await db.schema.createIndex('passkey_credentials_user_idx').on('passkey_credentials').column('user_id').execute();
}

/** Drops the credentials table. */
// biome-ignore lint/suspicious/noExplicitAny: see `up`
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('passkey_credentials').ifExists().execute();
}
