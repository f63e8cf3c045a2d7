import { createRequire } from 'node:module';
import { RateLimiterRes, type RateLimiterStoreAbstract as StoreAbstractType } from 'rate-limiter-flexible';
import type { CounterState, DurableCounters } from '../kv/DurableCounters.js';
import type { ShortLivedStore } from '../kv/ShortLivedStore.js';

// The library types this base class but its index does not export it at runtime; its README's
// "contribution" section points custom stores at this file.
const RateLimiterStoreAbstract: typeof StoreAbstractType = createRequire(import.meta.url)(
  'rate-limiter-flexible/lib/RateLimiterStoreAbstract.js',
);

/** Options of a limiter kept in a ShortLivedStore. */
interface RateLimiterShortLivedOptions {
  storeClient: ShortLivedStore;
  keyPrefix: string;
  points: number;
  /** Window length in seconds. */
  duration: number;
}

/**
 * rate-limiter-flexible's store-limiter contract (`_upsert`/`_get`/`_delete`/`_getRateLimiterRes`)
 * backed by the ShortLivedStore's durable counters (migration 014's logged table: a crash must not
 * reset send limits). The library's own RateLimiterPostgres wants a `pg` pool and creates its own table
 * at runtime, which PGlite cannot give it; this adapter reuses our table instead, and the library keeps
 * doing the limiting (fixed windows, blocking, RateLimiterRes).
 */
export class RateLimiterShortLived extends RateLimiterStoreAbstract {
  private readonly counters: DurableCounters;

  constructor(options: RateLimiterShortLivedOptions) {
    super(options);
    this.counters = options.storeClient.counters;
  }

  /** Library hook: adds `points` in the current window (or sets them, with `forceExpire`). */
  async _upsert(rlKey: string, points: number, msDuration: number, forceExpire = false): Promise<CounterState> {
    // A zero duration means "no expiry" to the library; a year is forever for a rate-limit counter.
    const ttlMs = msDuration > 0 ? msDuration : 365 * 24 * 3600_000;
    if (forceExpire) {
      await this.counters.set(rlKey, points, ttlMs);
      return { count: points, ttlMs };
    }
    return this.counters.increment(rlKey, points, ttlMs);
  }

  /** Library hook: the current window of `rlKey`, or null when there is none. */
  async _get(rlKey: string): Promise<CounterState | null> {
    return this.counters.get(rlKey);
  }

  /** Library hook: forgets `rlKey`. */
  async _delete(rlKey: string): Promise<boolean> {
    await this.counters.delete(rlKey);
    return true;
  }

  /** Library hook: turns a stored window into the library's result object. */
  _getRateLimiterRes(_rlKey: string, changedPoints: number, state: CounterState): RateLimiterRes {
    return new RateLimiterRes(
      Math.max(this.points - state.count, 0),
      state.ttlMs,
      state.count,
      state.count === changedPoints,
    );
  }
}
