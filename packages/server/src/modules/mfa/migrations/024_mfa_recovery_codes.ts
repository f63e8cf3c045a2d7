import type { Kysely } from 'kysely';

/**
 * Migration 024 (issue #24, MFA-06): a user's MFA recovery codes, single-use, stored only as SHA-256
 * hashes bound to the app and user (auth/mfa/recoveryCodes). A used code is deleted; a new set
 * replaces the old one.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists (Kysely's convention)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mfa_recovery_codes')
    .addColumn('user_id', 'char(25)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('app_id', 'char(25)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('code_hash', 'char(64)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('mfa_recovery_codes_pkey', ['user_id', 'code_hash'])
    .execute();
}

/** Drops the recovery codes. */
// biome-ignore lint/suspicious/noExplicitAny: see `up`
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mfa_recovery_codes').ifExists().execute();
}
