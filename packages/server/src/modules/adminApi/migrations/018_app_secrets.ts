import type { Kysely } from 'kysely';

/**
 * Migration 018 (issue #15): an app's secrets for the admin API. Only the SHA-256 of each secret is kept
 * (a 256-bit random secret needs no slow hash), with a short public prefix to tell secrets apart.
 * `expires_at` is null for the current secret and set when a rotation gives the previous one a grace
 * period. adminApi/AppSecrets.ts.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists (Kysely's convention)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('app_secrets')
    .addColumn('secret_hash', 'text', (c) => c.primaryKey())
    .addColumn('app_id', 'char(25)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('app_secrets_app').on('app_secrets').column('app_id').execute();
}

/** Drops the app secrets. */
// biome-ignore lint/suspicious/noExplicitAny: see `up`
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('app_secrets').ifExists().execute();
}
