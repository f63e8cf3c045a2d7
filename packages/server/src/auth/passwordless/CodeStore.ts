import type { LoggedIn, LogInStatementInput } from '../../services/logInOrSignUpStatement.js';
import type { SendThrottle } from '../../throttle/SendThrottle.js';

/**
 * Where one-time codes live: a slot per (app, channel, purpose, target) holding its live codes as
 * JSON `{ codes: [{ mac, expiresAt, tries, src }] }`, and per identifier the count of wrong tries and
 * the time of the last. PostgreSQL/PGlite (PgCodeStore) or Redis (RedisCodeStore), picked by
 * `createCodeStore` from where the short-lived store keeps its counters. Every operation is one atomic
 * step (one statement, one Lua script): parallel guesses cannot exceed the limits, and of concurrent
 * right answers exactly one wins.
 */
export interface CodeStore {
  /**
   * Adds a code to its slot: the slot keeps its live codes (`expiresAt` after `now`), the newest
   * `perSource` of each `src` and the newest `keep` in all, and lives `ttlMs` more. With `send`, one
   * send is counted first on each of its throttle's counters, and the code is added only when every
   * count stays within its limit; else 429 `too_many_requests` with the longest wait.
   */
  add(code: NewCode, send?: SendCount): Promise<void>;
  /**
   * One try at the codes of a slot. First the identifier's backoff (`failKey`): after `backoff.free`
   * failures, a try within `baseMs · 2^(n - free)` (at most `maxMs`) of the last failure is not made
   * and answers `retryAfterMs`. Else the try is compared with every live code (unexpired, fewer than
   * `maxTries` tries): a match takes the slot (all its codes) and forgives the failures; a miss counts
   * one try on every live code (dropping those that reach `maxTries`) and, when there was one, a
   * failure (window `backoff.windowMs`, restarted by each).
   */
  try(attempt: CodeTry): Promise<CodeVerdict>;
  /**
   * The one-statement login (services/logInOrSignUpStatement.ts) with this try in front of it, in the
   * same statement, when the codes live in the users' database (PostgreSQL/PGlite): one round trip,
   * and the login's writes happen only when the code was taken. Absent on Redis, where the try runs
   * before the login.
   */
  readonly logInWithTry?: (attempt: CodeTry, login: LogInStatementInput) => Promise<LogInWithTry>;
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

/** One try at a code slot (see `CodeStore.try`). */
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

/** The outcome of `logInWithTry`: the verdict, and the login when the code was taken. */
export interface LogInWithTry {
  verdict: CodeVerdict;
  loggedIn?: LoggedIn;
}

/** A code to add to a slot (see `CodeStore.add`). */
export interface NewCode {
  key: string;
  /** JSON `{ mac, expiresAt, tries: 0, src }`. */
  entry: string;
  keep: number;
  /** Codes one source (`src` of the entries) keeps at most: a sender pushes out its own codes first. */
  perSource: number;
  now: number;
  ttlMs: number;
  /** The identifier's failure counter; stores that lock rows make sure it exists (see PgCodeStore). */
  failKey: string;
  failWindowMs: number;
}

/** The send a new code is counted as: `target` (channel-qualified) asked by `ip`, under `throttle`'s limits. */
export interface SendCount {
  throttle: SendThrottle;
  target: string;
  ip: string;
}
