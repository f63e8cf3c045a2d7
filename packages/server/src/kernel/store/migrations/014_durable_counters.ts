import { type Kysely, sql } from 'kysely';

/**
 * Migration 014: `durable_counters`, the counters that bound guessing and sending (OPRF attempts,
 * send limits, failure counters). Unlike `short_lived` (UNLOGGED since 011, emptied by a crash) this
 * table is written through the write-ahead log, so a kill -9 or a power cut does not reset an
 * attacker's count. `expires_at` is epoch milliseconds, as in `short_lived`.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists (Kysely's convention)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('durable_counters')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('count', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('durable_counters_expires_at_idx').on('durable_counters').column('expires_at').execute();
  // Carry the counts made so far (send limits `rl:`, OPRF attempts `wallet-pw:`) over, so that the
  // upgrade itself does not reset them.
  await sql`insert into durable_counters (key, count, expires_at)
    select key, value::bigint, expires_at from short_lived
    where (key like 'rl:%' or key like 'wallet-pw:%') and value ~ '^[0-9]{1,18}$'
    on conflict (key) do nothing`.execute(db);
}

/** Drops the durable counters. */
// biome-ignore lint/suspicious/noExplicitAny: see `up`
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('durable_counters').ifExists().execute();
}
