import type { Kysely } from 'kysely';

/**
 * Migration 016 (issue #13): a user's MFA factors — the authenticator app (TOTP secret sealed under the
 * master key with its key id, `kernel/crypto/envelope.ts` purpose `mfa-totp-kek`, and the last accepted time
 * step so a code is never accepted twice) and the SMS MFA phone. One row per user; a method is enrolled
 * when its `*_enrolled_at` is set. Passkey MFA is a flag on the user's passkeys (migration 015).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists (Kysely's convention)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_mfa')
    .addColumn('user_id', 'char(25)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('app_id', 'char(25)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('totp_secret_sealed', 'text')
    .addColumn('totp_last_step', 'bigint')
    .addColumn('totp_enrolled_at', 'timestamptz')
    .addColumn('sms_phone', 'text')
    .addColumn('sms_enrolled_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

/** Drops the MFA factors. */
// biome-ignore lint/suspicious/noExplicitAny: see `up`
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_mfa').ifExists().execute();
}
