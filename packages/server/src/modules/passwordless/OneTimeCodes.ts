import { createHmac, hkdfSync, randomInt } from 'node:crypto';
import { CODE_POLICY, LatchError, LIMIT } from '@latch/protocol';
import type { LoginProof } from '../../identity/sessions/loginOrSignUp.js';
import type { CodeBackoff, CodeLock, CodeStore, CodeTry, SendCount } from './CodeStore.js';

/** How a code travels. */
export type CodeChannel = 'email' | 'sms';

/**
 * What a code is for. A code works only for the purpose it was sent for: `login` (authenticate),
 * `link` (add the address), `update` (the new address of an update), `update-old` (the current
 * address, proving it before an update), `unlink` (the address to remove), `export` (custody step-up),
 * `step-up` (stepUp/: a proof with an address the user had before the session).
 */
export type CodePurpose = 'login' | 'link' | 'update' | 'update-old' | 'unlink' | 'export' | 'step-up';

/** What a code proves: control of `target` (a normalised address or E.164 number) for one app and purpose. */
export interface CodeScope {
  appId: string;
  channel: CodeChannel;
  target: string;
  /** Defaults to 'login'. */
  purpose?: CodePurpose;
}

/** The guessing policy of one-time codes (docs/passwordless.md "Guessing and lockout"). */
interface CodeGuessPolicy {
  /** Codes of one scope that stay valid together: a new send does not void the last few. */
  liveCodes: number;
  /** Of those, the most one source (client IP) keeps: its new send pushes out its own oldest code first. */
  codesPerSource: number;
  /** Tries one code gets in its lifetime, from all sources together. */
  maxTriesPerCode: number;
  /** Wrong tries from the source that asked for a code after which that code dies (OTP-05). */
  maxOwnTriesPerCode: number;
  /** Backoff on wrong tries per identifier (app, channel, target), across purposes. */
  backoff: CodeBackoff;
  /** The consecutive-failure lock per identifier and source (OTP-05). */
  lock: CodeLock;
}

/**
 * Defaults: 4 live codes, at most 2 from one source (one IP cannot push out the owner's code); 5 wrong
 * tries free, then a wait of 2 s, 4 s, 8 s … (at most 5 min) after each failure, for tries at codes
 * other sources asked for; failures forgotten an hour after the last; 30 tries per code at most, 5
 * from the source that asked for it, which may try it even while the backoff runs (RL-03); one source
 * locked out of an identifier for 15 minutes after 10 consecutive failures (OTP-05). The numbers are
 * CODE_POLICY's (docs/passwordless.md "Guessing and lockout").
 */
export const CODE_GUESS_POLICY: CodeGuessPolicy = {
  liveCodes: 4,
  codesPerSource: 2,
  maxTriesPerCode: CODE_POLICY.maxWrongAttemptsAllSources,
  maxOwnTriesPerCode: CODE_POLICY.maxWrongAttempts,
  backoff: { free: 5, baseMs: 2_000, maxMs: 5 * 60_000, windowMs: 60 * 60_000 },
  lock: { afterFailures: CODE_POLICY.lockAfterFailures, ms: CODE_POLICY.lockMs },
};

/** Options of the one-time-code service. */
interface OneTimeCodesOptions {
  store: CodeStore;
  /** 32 bytes; codes are stored only as HMAC-SHA-256 under this key (see `deriveCodeKey`). */
  hmacKey: Buffer;
  /** Epoch milliseconds; injectable so tests can expire codes without waiting. */
  now?: () => number;
  ttlMs?: number;
  /** Overrides of CODE_GUESS_POLICY. */
  policy?: Partial<CodeGuessPolicy>;
}

/** Derives the code-hashing key from the master key (HKDF-SHA-256), so no new secret needs managing. */
export function deriveCodeKey(masterKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'latch/one-time-codes/v1', 32));
}

const invalid = () => new LatchError('invalid_credentials');

/** The error of a refused try: 429 with Retry-After while the identifier's backoff runs, else 422. */
function refusal(retryAfterMs: number): LatchError {
  if (retryAfterMs > 0) {
    return new LatchError('too_many_requests', undefined, { retryAfter: Math.max(1, Math.ceil(retryAfterMs / 1000)) });
  }
  return invalid();
}

/**
 * Email and SMS one-time codes: 6 digits from a CSPRNG, stored as an HMAC bound to (app, channel,
 * target, purpose), single-use, expiring after CODE_POLICY.ttlMs. A new send keeps the last few codes
 * valid; wrong tries are slowed down per identifier and capped per code (CODE_GUESS_POLICY).
 */
export class OneTimeCodes {
  private readonly store: CodeStore;
  private readonly hmacKey: Buffer;
  private readonly now: () => number;
  private readonly ttlMs: number;
  private readonly policy: CodeGuessPolicy;

  constructor(options: OneTimeCodesOptions) {
    this.store = options.store;
    this.hmacKey = options.hmacKey;
    this.now = options.now ?? Date.now;
    this.ttlMs = options.ttlMs ?? CODE_POLICY.ttlMs;
    this.policy = { ...CODE_GUESS_POLICY, ...options.policy };
  }

  /**
   * Creates a fresh code for `scope`, keeping the last few earlier ones, and returns it for delivery.
   * `source` (the client IP) limits how many of the live codes one sender keeps. With `send`, the send
   * is counted in the same step, and a send over its limits stores no code (429 `too_many_requests`).
   */
  async issue(scope: CodeScope, source = '', send?: SendCount): Promise<string> {
    const { code, stored } = this.fresh(scope, source);
    await this.store.add(stored, send);
    return code;
  }

  /** True when the store reads a send's `knownMarker` itself (CodeStore.readsKnownMarker). */
  get readsKnownMarker(): boolean {
    return this.store.readsKnownMarker === true;
  }

  /** A new code and what the store keeps of it (never the code itself). */
  private fresh(scope: CodeScope, source: string) {
    const code = randomInt(0, 10 ** LIMIT.codeLength)
      .toString()
      .padStart(LIMIT.codeLength, '0');
    const now = this.now();
    const src = this.sourceHash(source);
    const entry = JSON.stringify({ mac: this.mac(scope, code), expiresAt: now + this.ttlMs, tries: 0, own: 0, src });
    const stored = {
      key: codeKey(scope),
      entry,
      keep: this.policy.liveCodes,
      perSource: this.policy.codesPerSource,
      now,
      ttlMs: this.ttlMs,
      failKey: failKey(scope),
      failWindowMs: this.policy.backoff.windowMs,
    };
    return { code, stored };
  }

  /**
   * Consumes the code of `scope` when `code` matches a live one; throws LatchError('invalid_credentials')
   * when it does not, expired, was already used or had its tries, and 429 `too_many_requests` (with
   * `retryAfter`) while the identifier must wait after too many failures or `source` is locked out.
   * `source` (the client IP) may try the codes it asked for itself even while the backoff runs.
   */
  async verify(scope: CodeScope, code: string, source = ''): Promise<void> {
    // One atomic step in every store (one statement on PostgreSQL/PGlite, one script on Redis).
    const verdict = await this.store.try(this.attempt(scope, code, source));
    if (!verdict.taken) throw refusal(verdict.retryAfterMs);
  }

  /**
   * `verify` as a proof for a login, checked inside the login's statement when the store can; there
   * `markOnTaken` (CodeTry) is stored with the login.
   */
  check(scope: CodeScope, code: string, source = '', markOnTaken?: CodeTry['markOnTaken']): LoginProof {
    const { logInWithTry } = this.store;
    return {
      verify: () => this.verify(scope, code, source),
      logInInOneStatement:
        logInWithTry &&
        (async (login) => {
          const attempt = { ...this.attempt(scope, code, source), markOnTaken };
          const { verdict, loggedIn } = await logInWithTry(attempt, login);
          if (!verdict.taken || !loggedIn) throw refusal(verdict.retryAfterMs);
          return loggedIn;
        }),
    };
  }

  private attempt(scope: CodeScope, code: string, source: string): CodeTry {
    const src = this.sourceHash(source);
    return {
      key: codeKey(scope),
      mac: this.mac(scope, code),
      now: this.now(),
      maxTries: this.policy.maxTriesPerCode,
      maxOwnTries: this.policy.maxOwnTriesPerCode,
      src,
      failKey: failKey(scope),
      lockKey: `${failKey(scope).replace('code-fails:', 'code-lock:')}:${src}`,
      backoff: this.policy.backoff,
      lock: this.policy.lock,
    };
  }

  /** The source only as a keyed hash ('' when unknown): the store never holds client IPs. */
  private sourceHash(source: string): string {
    return source === ''
      ? ''
      : createHmac('sha256', this.hmacKey).update(`source\n${source}`).digest('hex').slice(0, 16);
  }

  /** The code's MAC, bound to its whole scope, purpose included (a code for one purpose fits no other). */
  private mac(scope: CodeScope, code: string): string {
    return createHmac('sha256', this.hmacKey)
      .update([scope.appId, scope.channel, purposeOf(scope), scope.target, code].join('\n'))
      .digest('hex');
  }
}

const purposeOf = (scope: CodeScope): CodePurpose => scope.purpose ?? 'login';

/** The slot of a scope's live codes. */
function codeKey(scope: CodeScope): string {
  return `code:${scope.appId}:${scope.channel}:${purposeOf(scope)}:${scope.target}`;
}

/** The failures of an identifier, shared by its purposes (so switching purpose buys no fresh tries). */
function failKey(scope: CodeScope): string {
  return `code-fails:${scope.appId}:${scope.channel}:${scope.target}`;
}
