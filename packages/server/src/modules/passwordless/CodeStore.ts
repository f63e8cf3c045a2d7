import type { LoggedIn, LogInStatementInput } from '../../identity/sessions/logInOrSignUpStatement.js';
import type { SendThrottle } from '../../kernel/throttle/SendThrottle.js';

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
   * One try at the codes of a slot. First the source's lock (`lockKey`, only for a known `src`): after
   * `lock.afterFailures` consecutive failures, no try is made until `lock.ms` after the last one
   * (answers `retryAfterMs`). Then the identifier's backoff (`failKey`): after `backoff.free` failures,
   * within `baseMs · 2^(n - free)` (at most `maxMs`) of the last failure the try is compared only with
   * the source's own live codes (those whose `src` is the try's; RL-03), and when there are none it is
   * not made and answers `retryAfterMs`. Live means unexpired, fewer than `maxTries` tries and fewer
   * than `maxOwnTries` from the code's own source. A match takes the slot (all its codes) and forgives
   * the identifier's failures and the source's; a miss counts one try on every code compared (and an
   * own try on the source's own codes; dropping those that reach a limit), one failure of the
   * identifier (window `backoff.windowMs`, restarted by each) and one of the source (window `lock.ms`).
   * The answer is `retryAfterMs` > 0 also when a miss left codes of other sources uncompared.
   */
  try(attempt: CodeTry): Promise<CodeVerdict>;
  /**
   * The one-statement login (services/logInOrSignUpStatement.ts) with this try in front of it, in the
   * same statement, when the codes live in the users' database (PostgreSQL/PGlite): one round trip,
   * and the login's writes happen only when the code was taken. Absent on Redis, where the try runs
   * before the login.
   */
  readonly logInWithTry?: (attempt: CodeTry, login: LogInStatementInput) => Promise<LogInWithTry>;
  /**
   * True when the store keeps its codes beside the short-lived store's own rows (PostgreSQL/PGlite) and
   * so can read a send's `knownMarker` inside the send's statement instead of a separate read.
   */
  readonly readsKnownMarker?: boolean;
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

/** The consecutive-failure lock of one source at one identifier (OneTimeCodes' CODE_GUESS_POLICY). */
export interface CodeLock {
  /** Consecutive failures that lock the source out. */
  afterFailures: number;
  /** The lock lasts this long after the last failure (and the failures are forgotten after it). */
  ms: number;
}

/** One try at a code slot (see `CodeStore.try`). */
export interface CodeTry {
  key: string;
  mac: string;
  /** Epoch milliseconds on the codes' clock. */
  now: number;
  maxTries: number;
  /** Wrong tries from a code's own source after which it dies. */
  maxOwnTries: number;
  /** The keyed hash of the trying source ('' when unknown: no own codes, no lock). */
  src: string;
  /** Where the identifier's failures are counted (shared by all purposes of one identifier). */
  failKey: string;
  /** Where the source's consecutive failures at the identifier are counted. */
  lockKey: string;
  backoff: CodeBackoff;
  lock: CodeLock;
  /**
   * A short-lived marker to store (value '1', for `ttlMs`) when the try takes the code, in the same
   * statement: the known sender of KnownSenders. Only `logInWithTry` takes it.
   */
  markOnTaken?: { key: string; ttlMs: number };
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
  /** JSON `{ mac, expiresAt, tries: 0, own: 0, src }`. */
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
  /** `ip` logged in with a code to `target` before: not counted against the per-target cap (RL-03). */
  known?: boolean;
  /**
   * Instead of `known`, for a store that `readsKnownMarker`: the short-lived key whose live presence makes
   * `ip` known (KnownSenders.marker), read in the same statement that counts the send.
   */
  knownMarker?: string;
}
