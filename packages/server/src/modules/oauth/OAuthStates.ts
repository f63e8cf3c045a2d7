import type { OAuthProvider } from '@latch/protocol';
import { OAUTH_LIMIT } from '@latch/protocol/oauth';
import type { ShortLivedStore } from '../../kernel/kv/ShortLivedStore.js';

/** What an init was for: a login (nobody signed in yet), or a link or step-up of the user and session that asked. */
export type OAuthIntent = { intent: 'login' } | { intent: 'link' | 'step_up'; userId: string; sessionId: string };

/** The state record an init stores, from init to authenticate (or link). */
export type OAuthStateRecord = OAuthIntent & {
  appId: string;
  provider: OAuthProvider;
  /** BASE64URL(SHA-256(code_verifier)) as the browser sent it (RFC 7636 S256). */
  codeChallenge: string;
  redirectTo: string;
  /** OIDC providers: the nonce the ID token must carry. */
  nonce: string | null;
  /** Apple: the name its first authorization posted to the callback. */
  appleName?: string | null;
  /** When it was made, and when it dies (ms since the epoch, server clock; the store's TTL is the backstop). */
  created: number;
  expiresAt: number;
};

/** A state code as the schemas allow it (base64url-ish, bounded): only this shape becomes part of a key. */
const STATE = /^[A-Za-z0-9._~-]{32,128}$/;

const recordKey = (stateCode: string) => `oauth:state:${stateCode}`;
const claimKey = (stateCode: string) => `oauth:claim:${stateCode}`;
const nameKey = (stateCode: string) => `oauth:apple-name:${stateCode}`;
const nameClaimKey = (stateCode: string) => `oauth:apple-name-claim:${stateCode}`;

/**
 * OAuth state records in the short-lived store, keyed by the browser's state code. The provider's
 * callback carries only the state (no app), so the key is the state code and the record names its app;
 * `take` answers it only for that app. A state code is claimed once (atomic counter): a second init
 * with the same code is refused, so nobody can replace a record a browser is waiting on.
 */
export class OAuthStates {
  constructor(
    private readonly kv: ShortLivedStore,
    private readonly now: () => number,
    readonly ttlMs: number = OAUTH_LIMIT.stateTtlMs,
  ) {}

  /** Stores a new record under `stateCode`; false when the code was already used (live or not). */
  async create(stateCode: string, record: Omit<OAuthStateRecord, 'created' | 'expiresAt'>): Promise<boolean> {
    if (!STATE.test(stateCode)) return false;
    const claim = await this.kv.increment(claimKey(stateCode), 1, this.ttlMs);
    if (claim.count !== 1) return false;
    const now = this.now();
    const stored: OAuthStateRecord = { ...record, created: now, expiresAt: now + this.ttlMs } as OAuthStateRecord;
    await this.kv.set(recordKey(stateCode), JSON.stringify(stored), this.ttlMs);
    return true;
  }

  /** The live record (not spent), or null. */
  async peek(stateCode: string): Promise<OAuthStateRecord | null> {
    if (!STATE.test(stateCode)) return null;
    return this.live(await this.kv.get(recordKey(stateCode)));
  }

  /**
   * Records Apple's name for a live state (the callback). The first name posted for a state is kept: Apple
   * posts it only on the first authorization, so a second or replayed POST to the callback (anyone who knows
   * the state can make one) must not replace it. An atomic claim picks the first of concurrent posts; the name
   * has its own key, so the record itself is never rewritten (a rewrite racing `take` could revive it).
   */
  async recordAppleName(stateCode: string, name: string): Promise<void> {
    const record = await this.peek(stateCode);
    if (!record) return;
    const ttl = record.expiresAt - this.now();
    if (ttl <= 0) return;
    const claim = await this.kv.increment(nameClaimKey(stateCode), 1, ttl);
    if (claim.count === 1) await this.kv.set(nameKey(stateCode), name, ttl);
  }

  /** Spends the record (of concurrent takers exactly one gets it), with Apple's name; null when absent, expired or spent. */
  async take(stateCode: string): Promise<OAuthStateRecord | null> {
    if (!STATE.test(stateCode)) return null;
    const record = this.live(await this.kv.take(recordKey(stateCode)));
    if (!record) return null;
    const appleName = await this.kv.take(nameKey(stateCode));
    return appleName === null ? record : { ...record, appleName };
  }

  private live(raw: string | null): OAuthStateRecord | null {
    if (raw === null) return null;
    try {
      const record = JSON.parse(raw) as OAuthStateRecord;
      return this.now() < record.expiresAt ? record : null;
    } catch {
      return null;
    }
  }
}
