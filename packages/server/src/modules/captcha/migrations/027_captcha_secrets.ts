import type { Kysely } from 'kysely';

/**
 * Migration 027 (issue #29): an app's Cloudflare Turnstile secret key, sealed under the master key bound to the
 * app (`keys rotate` re-seals it: captchaSealing.ts). The site key is public and lives in the app config
 * (`captcha_site_key: 't:<key>'`). docs/captcha.md.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists (Kysely's convention)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('app_captcha_secrets')
    .addColumn('app_id', 'char(25)', (c) => c.primaryKey().references('apps.id').onDelete('cascade'))
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

/** Drops the captcha secrets. */
// biome-ignore lint/suspicious/noExplicitAny: see `up`
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('app_captcha_secrets').ifExists().execute();
}
