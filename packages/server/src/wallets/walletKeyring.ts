import { createHash, hkdfSync } from 'node:crypto';

/** What a derived server key is for; each purpose gets its own key from the master key. */
export type WalletKeyPurpose = 'auth-share-kek' | 'recovery-kek' | 'oprf-seed';

/**
 * Server keys of the wallet custody module, derived by HKDF-SHA256 from one or more master keys
 * (LATCH_MASTER_KEY now, older ones kept for rotation). Each master key has an id stored beside
 * every value it protects, so values can be re-wrapped under a new key without downtime.
 */
export interface WalletKeyring {
  /** The id of the key new values are protected with. */
  readonly currentKeyId: string;
  /** The 32-byte key for `purpose` under master key `keyId`; throws for an unknown id. */
  key(purpose: WalletKeyPurpose, keyId?: string): Buffer;
  /** True when `keyId` is known. */
  has(keyId: string): boolean;
}

const SALT = Buffer.from('latch/wallets/v1', 'utf8');

/** A short public id for a master key (first 8 bytes of SHA-256 of it, hex): stable, reveals nothing useful. */
export function masterKeyId(masterKey: Buffer): string {
  return createHash('sha256').update('latch/master-key-id').update(masterKey).digest('hex').slice(0, 16);
}

/**
 * Builds the keyring. `current` protects new values; `previous` keys only open old ones.
 * Every master key must be 32 bytes.
 */
export function createWalletKeyring(current: Buffer, previous: readonly Buffer[] = []): WalletKeyring {
  const masters = new Map<string, Buffer>();
  for (const key of [current, ...previous]) {
    if (key.length !== 32) throw new Error('Wallet master keys must be 32 bytes');
    masters.set(masterKeyId(key), key);
  }
  const currentKeyId = masterKeyId(current);
  const cache = new Map<string, Buffer>();
  return {
    currentKeyId,
    has: (keyId) => masters.has(keyId),
    key(purpose, keyId = currentKeyId) {
      const cacheKey = `${keyId}/${purpose}`;
      const cached = cache.get(cacheKey);
      if (cached) return cached;
      const master = masters.get(keyId);
      if (!master) throw new Error('Unknown wallet master key id');
      const derived = Buffer.from(hkdfSync('sha256', master, SALT, Buffer.from(purpose, 'utf8'), 32));
      cache.set(cacheKey, derived);
      return derived;
    },
  };
}
