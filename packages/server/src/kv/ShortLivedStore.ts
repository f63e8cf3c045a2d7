import type { ThrottleBackend } from '../throttle/SendThrottle.js';
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
  /** Where rate limiters keep their counters: the store picks its own (Redis natively, else itself). */
  readonly throttleBackend: ThrottleBackend;
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
   * One try at the one-time codes of a slot (`try.key`, JSON `{ codes: [{ mac, expiresAt, tries }] }` as
   * `addCode` writes it), as one atomic step. First the identifier's backoff (`try.failKey`: its
   * failures and the last one's time, durable like `counters`): after `backoff.free` failures, a try within `baseMs · 2^(n - free)` (at most `maxMs`)
   * of the last failure is not made and answers `retryAfterMs`. Else the try is compared with every
   * live code (unexpired, fewer than `maxTries` tries): a match takes the slot (all its codes) and
   * clears the failures; a miss counts one try on every live code (dropping those that reach
   * `maxTries`) and, when there was one, a failure (window `backoff.windowMs`, restarted by each). Atomic, so
   * parallel guesses cannot exceed the limits and of concurrent right answers exactly one wins.
   */
  tryCode(attempt: CodeTry): Promise<CodeVerdict>;
  /**
   * Optional: `tryCode` as SQL to run inside another statement on the store's own
   * database (so that a login and its code check are one atomic round trip).
   */
  codeCheckSql?(attempt: CodeTry): CodeCheckSql;
  /**
   * Adds a code (`entry`, JSON `{ mac, expiresAt, tries: 0, src }`) to the slot `key`: the slot keeps
   * its live codes (`expiresAt` after `now`), the newest `perSource` of each `src` and the newest
   * `keep` in all, and lives `ttlMs` more.
   */
  addCode(code: NewCode): Promise<void>;
  /**
   * Optional: one atomic step that adds 1 to each of `counters` (as `increment` does) and then adds
   * the code (as `addCode`) only when every counter is at most its `max`. Returns the counters'
   * states, in order. Stores without it get the same rules from increment and addCode (two steps).
   */
  addCodeWithinLimits?(counters: readonly CounterLimit[], code: NewCode): Promise<CounterState[]>;
  /** Releases connections owned by the store (not those passed in). */
  close(): Promise<void>;
}

/** How guesses at one identifier's codes are slowed down (OneTimeCodes' CODE_GUESS_POLICY). */
export interface CodeBackoff {
  /** Failures that cost no wait. */
  free: number;
  /** The wait after the first failure beyond `free`; it doubles with each further failure. */
  baseMs: number;
  /** The longest wait. */
  maxMs: number;
  /** Failures are forgotten this long after the last one. */
  windowMs: number;
}

/** One try at a code slot (see `ShortLivedStore.tryCode`). */
export interface CodeTry {
  key: string;
  mac: string;
  /** Epoch milliseconds on the codes' clock. */
  now: number;
  maxTries: number;
  /** Where the identifier's failures are counted (shared by all purposes of one identifier). */
  failKey: string;
  backoff: CodeBackoff;
}

/** The outcome of a try: the code taken, or none; `retryAfterMs` > 0 when the try was not made. */
export interface CodeVerdict {
  taken: boolean;
  retryAfterMs: number;
}

/** A code to add to a slot (see `ShortLivedStore.addCode`). */
export interface NewCode {
  key: string;
  entry: string;
  keep: number;
  /** Codes one source (`src` of the entries) keeps at most: a sender pushes out its own codes first. */
  perSource: number;
  now: number;
  ttlMs: number;
  /** The identifier's failure counter; stores that lock rows make sure it exists (see PgShortLivedStore). */
  failKey: string;
  failWindowMs: number;
}

/**
 * A code check as common table expressions (without `with`), among them
 * `verdict(taken boolean, retry_after_ms bigint)` with one row, and their parameters ($1…$n).
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
