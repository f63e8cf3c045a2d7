/**
 * Counters that bound guessing and sending (the OPRF attempt counter, send limits, failure counters):
 * windows like ShortLivedStore.increment's, but kept where a crash does not reset them — a logged
 * table on PostgreSQL/PGlite (migration 014), Redis with persistence (AOF) under REDIS_URL.
 * A restart must never hand an attacker a fresh budget of password or code guesses.
 */
export interface DurableCounters {
  /**
   * Atomically adds `by` to the counter under `key`. An absent or expired counter starts from 0 with
   * a fresh `ttlMs` window; a live one keeps its expiry. Returns the new count and the window's rest.
   */
  increment(key: string, by: number, ttlMs: number): Promise<CounterState>;
  /** The live counter under `key`, or null when absent or expired. Counts nothing. */
  get(key: string): Promise<CounterState | null>;
  /** Sets the counter under `key` to `count` with a new `ttlMs` window. */
  set(key: string, count: number, ttlMs: number): Promise<void>;
  /** Removes the counter under `key` (no error when absent). */
  delete(key: string): Promise<void>;
  /** False when a restart of the backend would lose the counters (Redis without AOF); undefined when it does not say. */
  survivesRestart(): Promise<boolean | undefined>;
}

/** A counter after an increment. */
export interface CounterState {
  count: number;
  ttlMs: number;
}
