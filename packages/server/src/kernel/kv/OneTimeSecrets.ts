import { createHash } from 'node:crypto';
import { newSecretToken } from '../ids.js';
import type { ShortLivedStore } from './ShortLivedStore.js';

// A one-time secret handed to a browser (a cloud ticket, a held provider token's code, a session hand-off code)
// and the record it redeems, in the short-lived store: kept under the secret's SHA-256, so a leaked store hands
// out no live secret; spent by the first taker; expired by the server's clock (the store's TTL only cleans up).

/** The shape of every secret minted here: 32 random bytes, base64url. */
const SECRET = /^[A-Za-z0-9_-]{43}$/;

/** One kind of one-time secret (`prefix` names it in the store) and the record `T` each redeems. */
export class OneTimeSecrets<T extends { expiresAt: number }> {
  constructor(
    private readonly kv: ShortLivedStore,
    private readonly prefix: string,
    private readonly now: () => number,
  ) {}

  /** Keeps `record` for `ttlMs` (at least 1 ms); answers the new secret that redeems it. */
  async mint(record: Omit<T, 'expiresAt'>, ttlMs: number): Promise<string> {
    const secret = newSecretToken();
    const lifetime = Math.max(1, ttlMs);
    await this.kv.set(this.key(secret), JSON.stringify({ ...record, expiresAt: this.now() + lifetime }), lifetime);
    return secret;
  }

  /** Spends the record behind `secret`: null when it is malformed, unknown, used or expired. */
  async take(secret: string): Promise<T | null> {
    if (!SECRET.test(secret)) return null;
    const text = await this.kv.take(this.key(secret));
    if (!text) return null;
    const record = JSON.parse(text) as T;
    return record.expiresAt > this.now() ? record : null;
  }

  private key(secret: string): string {
    return `${this.prefix}:${createHash('sha256').update(secret).digest('base64url')}`;
  }
}
