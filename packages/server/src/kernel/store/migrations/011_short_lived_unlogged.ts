import { type Kysely, sql } from 'kysely';

/**
 * Migration 011: the `short_lived` table (codes, nonces, rate-limit counters) becomes UNLOGGED. Its
 * rows live minutes and are what Redis would hold with `REDIS_URL`; they need no write-ahead log, so
 * a transaction that only touches them commits without waiting for a disk flush. The price, as with
 * a Redis without persistence: after a PostgreSQL crash (not a clean restart) the table comes back
 * empty — codes in flight must be asked for again and send counters start over.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists (Kysely's convention)
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table short_lived set unlogged`.execute(db);
}

/** Makes the table logged again. */
// biome-ignore lint/suspicious/noExplicitAny: see `up`
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table short_lived set logged`.execute(db);
}
