import { CompiledQuery } from 'kysely';
import type { Db } from '../store/db.js';
import type { CounterState, DurableCounters } from './DurableCounters.js';

/** Options of the PostgreSQL/PGlite durable counters. */
interface PgDurableCountersOptions {
  /** Epoch milliseconds; injectable so tests can move time instead of sleeping. */
  now?: () => number;
  /** Expired rows are purged once every this many writes (expired rows are ignored anyway). */
  purgeEvery?: number;
}

// One upsert, as PgShortLivedStore's INCREMENT: an expired row restarts at `by` with a new window.
const INCREMENT = `insert into durable_counters (key, count, expires_at) values ($1, $2, $3)
  on conflict (key) do update set
    count = case when durable_counters.expires_at <= $4 then excluded.count else durable_counters.count + $2 end,
    expires_at = case when durable_counters.expires_at <= $4 then excluded.expires_at else durable_counters.expires_at end
  returning count, expires_at`;
const GET = 'select count, expires_at from durable_counters where key = $1 and expires_at > $2';
const SET = `insert into durable_counters (key, count, expires_at) values ($1, $2, $3)
  on conflict (key) do update set count = excluded.count, expires_at = excluded.expires_at`;
const DELETE = 'delete from durable_counters where key = $1';
const PURGE = 'delete from durable_counters where expires_at <= $1';

/**
 * DurableCounters on the main database: the logged `durable_counters` table (migration 014), one
 * statement per operation (atomic through PostgreSQL's row locking), surviving a crash by the WAL.
 */
export class PgDurableCounters implements DurableCounters {
  private readonly db: Db;
  private readonly now: () => number;
  private readonly purgeEvery: number;
  private writes = 0;

  /** `db` is the app's Kysely instance; it must have run migration 014. */
  constructor(db: Db, options: PgDurableCountersOptions = {}) {
    this.db = db;
    this.now = options.now ?? Date.now;
    this.purgeEvery = options.purgeEvery ?? 500;
  }

  async increment(key: string, by: number, ttlMs: number): Promise<CounterState> {
    const now = this.now();
    const { rows } = await this.run<{ count: string; expires_at: string }>(INCREMENT, [key, by, now + ttlMs, now]);
    const row = rows[0];
    if (!row) throw new Error('durable_counters increment returned no row');
    await this.afterWrite();
    return { count: Number(row.count), ttlMs: Math.max(Number(row.expires_at) - now, 0) };
  }

  async get(key: string): Promise<CounterState | null> {
    const now = this.now();
    const { rows } = await this.run<{ count: string; expires_at: string }>(GET, [key, now]);
    const row = rows[0];
    return row ? { count: Number(row.count), ttlMs: Math.max(Number(row.expires_at) - now, 0) } : null;
  }

  async set(key: string, count: number, ttlMs: number): Promise<void> {
    await this.run(SET, [key, count, this.now() + ttlMs]);
    await this.afterWrite();
  }

  async delete(key: string): Promise<void> {
    await this.run(DELETE, [key]);
  }

  /** A logged table: the WAL keeps it across a crash. */
  async survivesRestart(): Promise<boolean> {
    return true;
  }

  /** Deletes every expired counter; returns how many went. */
  async purgeExpired(): Promise<number> {
    const result = await this.run(PURGE, [this.now()]);
    return Number(result.numAffectedRows ?? 0);
  }

  private run<R>(text: string, parameters: unknown[]) {
    return this.db.executeQuery(CompiledQuery.raw(text, parameters) as CompiledQuery<R>);
  }

  private async afterWrite(): Promise<void> {
    this.writes += 1;
    if (this.writes % this.purgeEvery === 0) await this.purgeExpired();
  }
}
