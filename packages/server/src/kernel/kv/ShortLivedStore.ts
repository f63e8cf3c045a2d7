import type { Redis } from 'ioredis';
import type { CounterState, DurableCounters } from './DurableCounters.js';

/**
 * Short-lived state (nonces, device grants, one-time values): values that die on their own after a TTL
 * and may be lost in a crash (UNLOGGED on PostgreSQL). PostgreSQL/PGlite by default, Redis when
 * REDIS_URL is set (DESIGN §1 "server"). Keys are opaque strings; callers namespace them (`nonce:…`).
 * Counters that bound guessing or sending belong in `counters`, which a crash does not reset.
 */
export interface ShortLivedStore {
  /** Counters that survive a crash (send limits, attempt and failure counters); same backend. */
  readonly counters: DurableCounters;
  /**
   * Where rate limiters and the code store (auth/passwordless) keep their state: the store picks its
   * own backend (its Redis natively, else itself and its database).
   */
  readonly throttleBackend: ThrottleBackend;
  /** True when its rows are the main database's `short_lived` table, which a statement on `ctx.db` may write itself. */
  readonly inMainDatabase: boolean;
  /** The live value under `key`, or null when absent or expired. */
  get(key: string): Promise<string | null>;
  /** Stores `value` under `key` for `ttlMs`, replacing any previous value and TTL. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Removes `key` (no error when absent). */
  delete(key: string): Promise<void>;
  /**
   * Atomically adds `by` to the short-lived integer counter under `key` (lost in a crash: for
   * counters that bound guessing use `counters.increment`). An absent or expired counter starts
   * from 0 with a fresh `ttlMs` window; a live one keeps its expiry. Returns the new count and the
   * milliseconds left in the window.
   */
  increment(key: string, by: number, ttlMs: number): Promise<CounterState>;
  /** Atomically reads and removes `key`: of concurrent takers, exactly one gets the live value. */
  take(key: string): Promise<string | null>;
  /** Releases connections owned by the store (not those passed in). */
  close(): Promise<void>;
}

/** Where the counters live: Redis (RateLimiterRedis) or our ShortLivedStore (PostgreSQL/PGlite). */
export type ThrottleBackend = { redis: Redis; keyPrefix?: string } | { kv: ShortLivedStore };
