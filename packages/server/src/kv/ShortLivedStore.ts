import type { DurableCounters } from './DurableCounters.js';

/**
 * Short-lived state (codes, nonces, per-code tries): values that die on their own after a TTL and may
 * be lost in a crash (UNLOGGED on PostgreSQL). PostgreSQL/PGlite by default, Redis when REDIS_URL is
 * set (DESIGN §1 "server"). Keys are opaque strings; callers namespace them (`code:…`, `nonce:…`).
 * Counters that bound guessing or sending belong in `counters`, which a crash does not reset.
 */
export interface ShortLivedStore {
  /** Counters that survive a crash (send limits, attempt and failure counters); same backend. */
  readonly counters: DurableCounters;
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
  /**
   * One try at the one-time code stored under `key` (JSON `{ id, mac, expiresAt }`, as OneTimeCodes
   * writes it), as one atomic step: counts the try under `code-tries:<id>` (expiring with the code);
   * takes the code and answers true when it is live (`expiresAt` after `now`), `mac` matches and this
   * try is within `maxTries`; deletes it unmatched once `maxTries` tries are used. Atomic, so parallel
   * guesses cannot exceed the limit and of concurrent right answers exactly one wins.
   */
  tryCode(key: string, mac: string, maxTries: number, now: number): Promise<boolean>;
  /**
   * Optional: `tryCode` as SQL to run inside another statement on the store's own
   * database (so that a login and its code check are one atomic round trip).
   */
  codeCheckSql?(key: string, mac: string, maxTries: number, now: number): CodeCheckSql;
  /**
   * Optional: one atomic step that adds 1 to each of `counters` (as `counters.increment` does, in the
   * durable counters) and then stores
   * `value` under `key` for `ttlMs` only when every counter is at most its `max`. Returns the counters'
   * states, in order. Stores without it get the same rules from increment and set (two round trips).
   */
  setWithinLimits?(
    counters: readonly CounterLimit[],
    key: string,
    value: string,
    ttlMs: number,
  ): Promise<CounterState[]>;
  /** Releases connections owned by the store (not those passed in). */
  close(): Promise<void>;
}

/**
 * A code check as common table expressions (without `with`), among them `verdict(taken boolean)`
 * with one row when a live code was tried, and their parameters ($1…$n).
 */
export interface CodeCheckSql {
  ctes: string;
  parameters: unknown[];
}

/** A counter with the window a new count starts and the most it may reach. */
export interface CounterLimit {
  key: string;
  ttlMs: number;
  max: number;
}

/** A counter after an increment. */
export interface CounterState {
  count: number;
  ttlMs: number;
}
