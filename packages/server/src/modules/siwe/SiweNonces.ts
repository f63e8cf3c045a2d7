import { randomBytes } from 'node:crypto';
import { SIWE_NONCE_TTL_MS } from '@latch/protocol';
import type { ShortLivedStore } from '../../kernel/kv/ShortLivedStore.js';

/** A nonce as init handed it out. */
interface IssuedNonce {
  nonce: string;
  expiresAt: Date;
}

interface StoredNonce {
  /** The lower-cased address the nonce was issued for. */
  address: string;
  /** Issue time in ms since the epoch (absent on nonces stored before it was recorded). */
  issuedAt?: number;
  /** Expiry in ms since the epoch, by the server clock (the store's own TTL is only the backstop). */
  expiresAt: number;
}

/**
 * Single-use SIWE nonces in the short-lived store, bound to an app and an address. `peek` checks without
 * spending (so a refused request changes nothing); `take` spends atomically: of two racing requests
 * with the same nonce, exactly one gets it.
 */
export class SiweNonces {
  constructor(
    private readonly kv: ShortLivedStore,
    private readonly now: () => number,
    private readonly ttlMs = SIWE_NONCE_TTL_MS,
  ) {}

  /** Issues a fresh nonce for `address` (EIP-4361: at least 8 alphanumerics; here 32 hex digits of CSPRNG). */
  async issue(appId: string, address: string): Promise<IssuedNonce> {
    const nonce = randomBytes(16).toString('hex');
    const issuedAt = this.now();
    const expiresAt = issuedAt + this.ttlMs;
    const stored: StoredNonce = { address: address.toLowerCase(), issuedAt, expiresAt };
    await this.kv.set(key(appId, nonce), JSON.stringify(stored), this.ttlMs);
    return { nonce, expiresAt: new Date(expiresAt) };
  }

  /** When the nonce was issued, if it is live and was issued for `address`; spends nothing. */
  async peek(appId: string, nonce: string, address: string): Promise<Date | undefined> {
    return this.matches(await this.kv.get(key(appId, nonce)), address);
  }

  /** Spends the nonce; true only for the one caller that took a live nonce issued for `address`. */
  async take(appId: string, nonce: string, address: string): Promise<boolean> {
    return this.matches(await this.kv.take(key(appId, nonce)), address) !== undefined;
  }

  private matches(raw: string | null, address: string): Date | undefined {
    if (raw === null) return undefined;
    try {
      const stored = JSON.parse(raw) as StoredNonce;
      if (stored.address !== address.toLowerCase() || this.now() >= stored.expiresAt) return undefined;
      return new Date(stored.issuedAt ?? stored.expiresAt - this.ttlMs);
    } catch {
      return undefined;
    }
  }
}

// Nonces are hex, so they cannot smuggle a separator into the key.
const key = (appId: string, nonce: string) => `siwe:${appId}:${nonce}`;
