import { CompiledQuery, type Kysely } from 'kysely';
import type { CounterLimit, CounterState, ShortLivedStore } from './ShortLivedStore.js';

/** The table of migration 002, as this store sees it. */
export interface ShortLivedTable {
  short_lived: { key: string; value: string; expires_at: string | number | bigint };
}

/** An increment waiting for the end of the tick, to share one statement with the others. */
interface PendingIncrement {
  key: string;
  by: number;
  ttlMs: number;
  resolve(state: CounterState): void;
  reject(error: unknown): void;
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
// One upsert for any number of counters (arrays of keys, amounts and new expiries): an expired row
// restarts at its amount with a new window, a live one adds its amount. One fixed text for every
// batch size, so one prepared statement.
const INCREMENT = `insert into short_lived (key, value, expires_at)
  select key, by::text, expires_at from unnest($1::text[], $2::bigint[], $3::bigint[]) as batch(key, by, expires_at)
  on conflict (key) do update set
    value = case when short_lived.expires_at <= $4 then excluded.value
      else (short_lived.value::bigint + excluded.value::bigint)::text end,
    expires_at = case when short_lived.expires_at <= $4 then excluded.expires_at else short_lived.expires_at end
  returning key, value, expires_at`;
// A send's counters and its code in one statement: count one more on every counter ($1 keys, $2 new
// expiries, as INCREMENT does), then store the code ($5, $6, $7) only if every count is within its
// maximum ($4).
const SET_WITHIN_LIMITS = `with counted as (
    insert into short_lived (key, value, expires_at)
    select key, '1', expires_at from unnest($1::text[], $2::bigint[]) as counter(key, expires_at)
    on conflict (key) do update set
      value = case when short_lived.expires_at <= $3 then '1' else (short_lived.value::bigint + 1)::text end,
      expires_at = case when short_lived.expires_at <= $3 then excluded.expires_at else short_lived.expires_at end
    returning key, value, expires_at
  ), within as (
    select coalesce(bool_and(counted.value::bigint <= limits.max_count), true) as ok
    from counted join unnest($1::text[], $4::bigint[]) as limits(key, max_count) using (key)
  ), stored as (
    insert into short_lived (key, value, expires_at)
    select $5, $6, $7 from within where ok
    on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at
  )
  select key, value, expires_at from counted`;
const TAKE = 'delete from short_lived where key = $1 returning value, expires_at';
// The whole code check: lock the live code row, count the try (an upsert, like INCREMENT), then
// delete the code when it matched within the limit ($4) or the tries are used up.
const TRY_CODE = `with code as (
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
  )
  select taken from verdict`;

/**
 * ShortLivedStore on the main database (PGlite or PostgreSQL) through Kysely. Every operation is one
 * statement, so atomicity comes from PostgreSQL's row locking (upsert, DELETE … RETURNING).
 */
export class PgShortLivedStore<DB = object> implements ShortLivedStore {
  private readonly db: Kysely<ShortLivedTable>;
  private readonly now: () => number;
  private readonly purgeEvery: number;
  private writes = 0;
  private pendingIncrements: PendingIncrement[] = [];

  /** `db` is the app's Kysely instance; it must have run migration 002. */
  constructor(db: Kysely<DB>, options: PgShortLivedStoreOptions = {}) {
    // The app's Database type includes short_lived (migration 002); narrow the view to that table.
    this.db = db as unknown as Kysely<ShortLivedTable>;
    this.now = options.now ?? Date.now;
    this.purgeEvery = options.purgeEvery ?? 500;
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

  /**
   * Increments made in the same tick (the per-IP and per-address send limits of one request) go to
   * the database as one statement; a key asked twice in one tick waits for the next statement.
   */
  increment(key: string, by: number, ttlMs: number): Promise<CounterState> {
    return new Promise((resolve, reject) => {
      if (this.pendingIncrements.length === 0) queueMicrotask(() => this.flushIncrements());
      this.pendingIncrements.push({ key, by, ttlMs, resolve, reject });
    });
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
    const { rows } = await this.run<{ taken: boolean }>(TRY_CODE, [key, this.now(), now, maxTries, mac]);
    await this.afterWrite();
    return rows[0]?.taken === true;
  }

  /** Deletes every expired row; returns how many went. */
  async purgeExpired(): Promise<number> {
    const result = await this.db.deleteFrom('short_lived').where('expires_at', '<=', this.now()).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async close(): Promise<void> {
    // The Kysely instance belongs to the caller.
  }

  /** Sends the increments queued this tick, in as few statements as their distinct keys allow. */
  private async flushIncrements(): Promise<void> {
    let batch = this.pendingIncrements;
    this.pendingIncrements = [];
    while (batch.length > 0) {
      const keys = new Set<string>();
      const now: PendingIncrement[] = [];
      const later: PendingIncrement[] = [];
      for (const entry of batch) {
        if (keys.has(entry.key)) later.push(entry);
        else {
          keys.add(entry.key);
          now.push(entry);
        }
      }
      await this.incrementTogether(now);
      batch = later;
    }
  }

  private async incrementTogether(entries: PendingIncrement[]): Promise<void> {
    const now = this.now();
    let rows: { key: string; value: string; expires_at: string }[];
    try {
      ({ rows } = await this.run<{ key: string; value: string; expires_at: string }>(INCREMENT, [
        entries.map((entry) => entry.key),
        entries.map((entry) => entry.by),
        entries.map((entry) => now + entry.ttlMs),
        now,
      ]));
    } catch (error) {
      for (const entry of entries) entry.reject(error);
      return;
    }
    const byKey = new Map(rows.map((row) => [row.key, row]));
    for (const entry of entries) {
      const row = byKey.get(entry.key);
      if (!row) entry.reject(new Error('short_lived increment returned no row'));
      else entry.resolve({ count: Number(row.value), ttlMs: Math.max(Number(row.expires_at) - now, 0) });
    }
    // Nobody awaits this purge: expired rows are ignored by every read, and the next one retries.
    await this.afterWrite().catch(() => {});
  }

  private run<R>(text: string, parameters: unknown[]) {
    return this.db.executeQuery(CompiledQuery.raw(text, parameters) as CompiledQuery<R>);
  }

  private async afterWrite(): Promise<void> {
    this.writes += 1;
    if (this.writes % this.purgeEvery === 0) await this.purgeExpired();
  }
}
