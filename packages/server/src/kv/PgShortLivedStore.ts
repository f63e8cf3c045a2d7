import { CompiledQuery, type Kysely } from 'kysely';
import { PgDurableCounters } from './PgDurableCounters.js';
import type { CodeCheckSql, CounterLimit, CounterState, ShortLivedStore } from './ShortLivedStore.js';

/** The table of migration 002, as this store sees it. */
export interface ShortLivedTable {
  short_lived: { key: string; value: string; expires_at: string | number | bigint };
}

/** Options of the PostgreSQL/PGlite short-lived store. */
export interface PgShortLivedStoreOptions {
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
// A send's counters and its code in one statement: count one more on every counter in the durable
// counters ($1 keys, $2 new expiries, as PgDurableCounters' INCREMENT does), then store the code ($5,
// $6, $7) in short_lived only if every count is within its maximum ($4).
const SET_WITHIN_LIMITS = `with counted as (
    insert into durable_counters (key, count, expires_at)
    select key, 1, expires_at from unnest($1::text[], $2::bigint[]) as counter(key, expires_at)
    on conflict (key) do update set
      count = case when durable_counters.expires_at <= $3 then 1 else durable_counters.count + 1 end,
      expires_at = case when durable_counters.expires_at <= $3 then excluded.expires_at
        else durable_counters.expires_at end
    returning key, count, expires_at
  ), within as (
    select coalesce(bool_and(counted.count <= limits.max_count), true) as ok
    from counted join unnest($1::text[], $4::bigint[]) as limits(key, max_count) using (key)
  ), stored as (
    insert into short_lived (key, value, expires_at)
    select $5, $6, $7 from within where ok
    on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at
  )
  select key, count as value, expires_at from counted`;
const TAKE = 'delete from short_lived where key = $1 returning value, expires_at';
// The whole code check: lock the live code row, count the try (an upsert, like INCREMENT), then
// delete the code when it matched within the limit ($4) or the tries are used up. As CTEs ending in
// `verdict(taken)`, so that a login can run the check inside its own statement (codeCheckSql).
const TRY_CODE_CTES = `code as (
    select key, value::json->>'id' as id, value::json->>'mac' as mac, expires_at
    from short_lived
    where key = $1 and expires_at > $2 and (value::json->>'expiresAt')::bigint > $3
    for update
  ), tries as (
    insert into short_lived (key, value, expires_at)
    select 'code-tries:' || code.id, '1', code.expires_at from code
    on conflict (key) do update set
      value = case when short_lived.expires_at <= $2 then '1' else (short_lived.value::bigint + 1)::text end,
      expires_at = case when short_lived.expires_at <= $2 then excluded.expires_at else short_lived.expires_at end
    returning value::bigint as count
  ), verdict as (
    select code.key, tries.count <= $4::bigint and code.mac = $5 as taken, tries.count >= $4::bigint as used_up
    from code, tries
  ), gone as (
    delete from short_lived where key = (select key from verdict where taken or used_up)
  )`;
const TRY_CODE = `with ${TRY_CODE_CTES} select taken from verdict`;

/**
 * ShortLivedStore on the main database (PGlite or PostgreSQL) through Kysely. Every operation is one
 * statement, so atomicity comes from PostgreSQL's row locking (upsert, DELETE … RETURNING). Its
 * `counters` are the logged `durable_counters` table (migration 014) of the same database.
 */
export class PgShortLivedStore<DB = object> implements ShortLivedStore {
  readonly counters: PgDurableCounters<DB>;
  private readonly db: Kysely<ShortLivedTable>;
  private readonly now: () => number;
  private readonly purgeEvery: number;
  private writes = 0;

  /** `db` is the app's Kysely instance; it must have run migrations 002 and 014. */
  constructor(db: Kysely<DB>, options: PgShortLivedStoreOptions = {}) {
    // The app's Database type includes short_lived (migration 002); narrow the view to that table.
    this.db = db as unknown as Kysely<ShortLivedTable>;
    this.now = options.now ?? Date.now;
    this.purgeEvery = options.purgeEvery ?? 500;
    this.counters = new PgDurableCounters(db, options);
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

  async setWithinLimits(
    counters: readonly CounterLimit[],
    key: string,
    value: string,
    ttlMs: number,
  ): Promise<CounterState[]> {
    const now = this.now();
    const { rows } = await this.run<{ key: string; value: string; expires_at: string }>(SET_WITHIN_LIMITS, [
      counters.map((counter) => counter.key),
      counters.map((counter) => now + counter.ttlMs),
      now,
      counters.map((counter) => counter.max),
      key,
      value,
      now + ttlMs,
    ]);
    await this.afterWrite();
    const byKey = new Map(rows.map((row) => [row.key, row]));
    return counters.map((counter) => {
      const row = byKey.get(counter.key);
      if (!row) throw new Error('short_lived setWithinLimits returned no row');
      return { count: Number(row.value), ttlMs: Math.max(Number(row.expires_at) - now, 0) };
    });
  }

  async take(key: string): Promise<string | null> {
    const { rows } = await this.run<{ value: string; expires_at: string }>(TAKE, [key]);
    const row = rows[0];
    if (!row || Number(row.expires_at) <= this.now()) return null;
    return row.value;
  }

  /**
   * The whole code check in one statement (TRY_CODE above). The row lock makes concurrent tries of
   * one code queue up: of several right answers, the first takes the code and the others find none.
   */
  async tryCode(key: string, mac: string, maxTries: number, now: number): Promise<boolean> {
    const check = this.codeCheckSql(key, mac, maxTries, now);
    const { rows } = await this.run<{ taken: boolean }>(TRY_CODE, check.parameters);
    await this.afterWrite();
    return rows[0]?.taken === true;
  }

  /** `tryCode` as CTEs for a statement of its own database (`verdict(taken)` holds the answer). */
  codeCheckSql(key: string, mac: string, maxTries: number, now: number): CodeCheckSql {
    return { ctes: TRY_CODE_CTES, parameters: [key, this.now(), now, maxTries, mac] };
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
      // Sends count in the durable counters through setWithinLimits, so their expired rows go here too.
      await this.purgeExpired();
      await this.counters.purgeExpired();
    }
  }
}
