import { type Kysely, sql } from 'kysely';

/** Default absolute lifetime of a session family: 90 days (docs/server.md "Sessions"). */
const DEFAULT_SESSION_LIFETIME_SECONDS = 90 * 24 * 3600;

/**
 * Migration 013: session families and their absolute lifetime.
 * - `sessions.family_id`: the root session of the family a fork joined (null: the session is its own
 *   family's root); `sessions.family_started_at`: when the family began (null: the session's
 *   `created_at`). Nullable so that every existing insert (login) keeps working unchanged.
 * - `refresh_tokens.successor_sealed`: the successor of a rotated token, sealed under the master key,
 *   so that the refresh grace window can hand the same successor out again.
 * - `apps.session_lifetime_seconds`: the absolute family lifetime, per app.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists (Kysely's convention)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('family_id', 'char(25)').execute();
  await db.schema.alterTable('sessions').addColumn('family_started_at', 'timestamptz').execute();
  await db.schema.createIndex('sessions_family_idx').on('sessions').column('family_id').execute();
  await db.schema.alterTable('refresh_tokens').addColumn('successor_sealed', 'text').execute();
  await db.schema
    .alterTable('apps')
    .addColumn('session_lifetime_seconds', 'integer', (c) =>
      c.notNull().defaultTo(sql.lit(DEFAULT_SESSION_LIFETIME_SECONDS)),
    )
    .execute();
}

/** Drops what `up` added. */
// biome-ignore lint/suspicious/noExplicitAny: see `up`
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('apps').dropColumn('session_lifetime_seconds').execute();
  await db.schema.alterTable('refresh_tokens').dropColumn('successor_sealed').execute();
  await db.schema.dropIndex('sessions_family_idx').execute();
  await db.schema.alterTable('sessions').dropColumn('family_started_at').execute();
  await db.schema.alterTable('sessions').dropColumn('family_id').execute();
}
