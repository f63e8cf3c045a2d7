import { CompiledQuery } from 'kysely';
import type { Db } from '../store/db.js';
import type { CounterState } from './DurableCounters.js';
import { PgDurableCounters } from './PgDurableCounters.js';
import type { ShortLivedStore, ThrottleBackend } from './ShortLivedStore.js';

/** Options of the PostgreSQL/PGlite short-lived store. */
interface PgShortLivedStoreOptions {
  /** Epoch milliseconds; injectable so tests can move time instead of sleeping. */
  now?: () => number;
  /** Expired rows are purged once every this many writes (expired rows are ignored anyway). */
  purgeEvery?: number;
}

// The hot statements as fixed texts: no query building per call, and one prepared statement each.
const GET = 'select value from short_lived where key = $1 and expires_at > $2';
const SET = `insert into short_lived (key, value, expires_at) values ($1, $2, $3)
  on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at`;
// One upsert: an expired row restarts at `by` with a new window, a live one adds `by`.
const INCREMENT = `insert into short_lived (key, value, expires_at) values ($1, $2::bigint::text, $3)
  on conflict (key) do update set
    value = case when short_lived.expires_at <= $4 then excluded.value
      else (short_lived.value::bigint + $2::bigint)::text end,
    expires_at = case when short_lived.expires_at <= $4 then excluded.expires_at else short_lived.expires_at end
  returning value, expires_at`;
const TAKE = 'delete from short_lived where key = $1 returning value, expires_at';
/**
 * ShortLivedStore on the main database (PGlite or PostgreSQL) through Kysely. Every operation is one
 * statement, so atomicity comes from PostgreSQL's row locking (upsert, DELETE … RETURNING). Its
 * `counters` are the logged `durable_counters` table (migration 014) of the same database.
 */
export class PgShortLivedStore implements ShortLivedStore {
  readonly counters: PgDurableCounters;
  private readonly db: Db;
  private readonly now: () => number;
  private readonly purgeEvery: number;
  private writes = 0;

  /** `db` is the app's Kysely instance; it must have run migrations 002 and 014. */
  constructor(db: Db, options: PgShortLivedStoreOptions = {}) {
    this.db = db;
    this.now = options.now ?? Date.now;
    this.purgeEvery = options.purgeEvery ?? 500;
    this.counters = new PgDurableCounters(db, options);
  }

  readonly inMainDatabase = true;

  get throttleBackend(): ThrottleBackend {
    return { kv: this };
  }

  async get(key: string): Promise<string | null> {
    const { rows } = await this.run<{ value: string }>(GET, [key, this.now()]);
    return rows[0]?.value ?? null;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    await this.run(SET, [key, value, this.now() + ttlMs]);
    await this.afterWrite();
  }

  async delete(key: string): Promise<void> {
    await this.db.deleteFrom('short_lived').where('key', '=', key).execute();
  }

  async increment(key: string, by: number, ttlMs: number): Promise<CounterState> {
    const now = this.now();
    const { rows } = await this.run<{ value: string; expires_at: string }>(INCREMENT, [key, by, now + ttlMs, now]);
    const row = rows[0];
    if (!row) throw new Error('short_lived increment returned no row');
    await this.afterWrite();
    return { count: Number(row.value), ttlMs: Math.max(Number(row.expires_at) - now, 0) };
  }

  async take(key: string): Promise<string | null> {
    const { rows } = await this.run<{ value: string; expires_at: string }>(TAKE, [key]);
    const row = rows[0];
    if (!row || Number(row.expires_at) <= this.now()) return null;
    return row.value;
  }

  /** Deletes every expired row; returns how many went. */
  async purgeExpired(): Promise<number> {
    const result = await this.db.deleteFrom('short_lived').where('expires_at', '<=', this.now()).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async close(): Promise<void> {
    // The Kysely instance belongs to the caller.
  }

  private run<R>(text: string, parameters: unknown[]) {
    return this.db.executeQuery(CompiledQuery.raw(text, parameters) as CompiledQuery<R>);
  }

  private async afterWrite(): Promise<void> {
    this.writes += 1;
    if (this.writes % this.purgeEvery === 0) {
      // Counters written by other statements (a send's, by auth/passwordless/PgCodeStore) expire here too.
      await this.purgeExpired();
      await this.counters.purgeExpired();
    }
  }
}
