import { createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { CODE_POLICY, LatchError, LIMIT } from '@latch/protocol';
import type { CodeCheckSql, CounterLimit, CounterState, ShortLivedStore } from '../kv/ShortLivedStore.js';

/** How a code travels. */
export type CodeChannel = 'email' | 'sms';

/** What a code proves: control of `target` (a normalised address or E.164 number) for one app. */
export interface CodeScope {
  appId: string;
  channel: CodeChannel;
  target: string;
}

/** Options of the one-time-code service. */
export interface OneTimeCodesOptions {
  kv: ShortLivedStore;
  /** 32 bytes; codes are stored only as HMAC-SHA-256 under this key (see `deriveCodeKey`). */
  hmacKey: Buffer;
  /** Epoch milliseconds; injectable so tests can expire codes without waiting. */
  now?: () => number;
  ttlMs?: number;
  maxWrongAttempts?: number;
}

/** What the store holds for a live code: never the code itself. */
interface StoredCode {
  id: string;
  mac: string;
  expiresAt: number;
}

/** Derives the code-hashing key from the master key (HKDF-SHA-256), so no new secret needs managing. */
export function deriveCodeKey(masterKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'latch/one-time-codes/v1', 32));
}

const invalid = () => new LatchError('invalid_credentials');

/**
 * A code check to run with a login: on its own (`verify`), or as SQL inside the login's statement when
 * the store offers it (`sql`; then `refuse` throws the error for a verdict that did not take the code).
 */
export interface CodeCheck {
  verify(): Promise<void>;
  sql?: CodeCheckSql;
  refuse(): never;
}

/**
 * Email and SMS one-time codes: 6 digits from a CSPRNG, stored as an HMAC, single-use, expiring after
 * CODE_POLICY.ttlMs, dead after CODE_POLICY.maxWrongAttempts wrong tries; a new send replaces the old code.
 */
export class OneTimeCodes {
  private readonly kv: ShortLivedStore;
  private readonly hmacKey: Buffer;
  private readonly now: () => number;
  private readonly ttlMs: number;
  private readonly maxWrongAttempts: number;

  constructor(options: OneTimeCodesOptions) {
    this.kv = options.kv;
    this.hmacKey = options.hmacKey;
    this.now = options.now ?? Date.now;
    this.ttlMs = options.ttlMs ?? CODE_POLICY.ttlMs;
    this.maxWrongAttempts = options.maxWrongAttempts ?? CODE_POLICY.maxWrongAttempts;
  }

  /** Creates a fresh code for `scope`, replacing any earlier one, and returns it for delivery. */
  async issue(scope: CodeScope): Promise<string> {
    const { code, stored } = this.fresh(scope);
    await this.kv.set(codeKey(scope), stored, this.ttlMs);
    return code;
  }

  /**
   * Like `issue`, in the same atomic step as counting one send on each of `counters`: the code is
   * stored only when every counter stays within its maximum. Returns the code and the counters'
   * states, or undefined when the store cannot do both at once (then count first, and `issue`).
   */
  async issueWithin(
    scope: CodeScope,
    counters: readonly CounterLimit[],
  ): Promise<{ code: string; counters: CounterState[] } | undefined> {
    if (!this.kv.setWithinLimits) return undefined;
    const { code, stored } = this.fresh(scope);
    return { code, counters: await this.kv.setWithinLimits(counters, codeKey(scope), stored, this.ttlMs) };
  }

  /** A new code and what the store keeps of it (never the code itself). */
  private fresh(scope: CodeScope): { code: string; stored: string } {
    const code = randomInt(0, 10 ** LIMIT.codeLength)
      .toString()
      .padStart(LIMIT.codeLength, '0');
    const id = randomBytes(16).toString('hex');
    const stored: StoredCode = { id, mac: this.mac(scope, code), expiresAt: this.now() + this.ttlMs };
    return { code, stored: JSON.stringify(stored) };
  }

  /**
   * Consumes the code of `scope` when `code` matches; throws LatchError('invalid_credentials') when it
   * does not, when it expired, was already used, or too many tries were made.
   */
  async verify(scope: CodeScope, code: string): Promise<void> {
    // One atomic step in every store (one statement on PostgreSQL/PGlite, one script on Redis).
    if (!(await this.kv.tryCode(codeKey(scope), this.mac(scope, code), this.maxWrongAttempts, this.now()))) {
      throw invalid();
    }
  }

  /** `verify` to run later, with the same check as SQL when the store can run it inside a login. */
  check(scope: CodeScope, code: string): CodeCheck {
    return {
      verify: () => this.verify(scope, code),
      sql: this.kv.codeCheckSql?.(codeKey(scope), this.mac(scope, code), this.maxWrongAttempts, this.now()),
      refuse: () => {
        throw invalid();
      },
    };
  }

  /** The code's MAC, bound to its scope (a new send replaces the old code; `id` only scopes its tries). */
  private mac(scope: CodeScope, code: string): string {
    return createHmac('sha256', this.hmacKey)
      .update([scope.appId, scope.channel, scope.target, code].join('\n'))
      .digest('hex');
  }
}

function codeKey(scope: CodeScope): string {
  return `code:${scope.appId}:${scope.channel}:${scope.target}`;
}
