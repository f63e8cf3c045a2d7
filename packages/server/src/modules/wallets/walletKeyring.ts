import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import { masterKeyId } from '../../kernel/crypto/masterKey.js';

export { masterKeyId } from '../../kernel/crypto/masterKey.js';

/** What a derived server key is for; each purpose gets its own key. */
export type WalletKeyPurpose = 'auth-share-kek' | 'recovery-kek' | 'oprf-seed' | 'mfa-totp-kek';

/**
 * Server keys of the wallet custody module, derived by HKDF-SHA256. The auth-share KEK and the OPRF
 * seed come from the master key (LATCH_MASTER_KEY); the provider-recovery KEK from its own key
 * (LATCH_RECOVERY_KEY). Every key has an id stored beside each value it protects, and earlier keys
 * are kept to open old values, so values can be re-wrapped under new keys without downtime.
 */
export interface WalletKeyring {
  /** The id of the master key new auth shares (and new password wallets' OPRF keys) use. */
  readonly currentKeyId: string;
  /** The id of the key new values of `purpose` are protected with. */
  currentKeyIdFor(purpose: WalletKeyPurpose): string;
  /** The 32-byte key for `purpose` under key `keyId` (default: the purpose's current key); throws for an unknown id. */
  key(purpose: WalletKeyPurpose, keyId?: string): Buffer;
  /** True when `keyId` is a known master or recovery key. */
  has(keyId: string): boolean;
}

/** The provider-recovery key and earlier ones (LATCH_RECOVERY_KEY, LATCH_RECOVERY_KEY_PREVIOUS). */
export interface RecoveryKeyInput {
  current: Buffer;
  previous?: readonly Buffer[];
}

const SALT = Buffer.from('latch/wallets/v1', 'utf8');
const RECOVERY_SALT = Buffer.from('latch/wallets/recovery-key/v1', 'utf8');

/** A recovery key's public id: `rk-` and 8 bytes of SHA-256 (another domain than master key ids). */
export function recoveryKeyId(recoveryKey: Buffer): string {
  return `rk-${createHash('sha256').update('latch/recovery-key-id').update(recoveryKey).digest('hex').slice(0, 16)}`;
}

function byId(keys: readonly Buffer[], id: (key: Buffer) => string): Map<string, Buffer> {
  const map = new Map<string, Buffer>();
  for (const key of keys) {
    if (key.length !== 32) throw new Error('Wallet keys must be 32 bytes');
    if (!map.has(id(key))) map.set(id(key), key);
  }
  return map;
}

/**
 * Builds the keyring. `current` protects new values; `previous` master keys only open old ones (and
 * evaluate the OPRF of password wallets created under them). `recovery` is the provider-recovery key;
 * recovery keys sealed before it existed (under a master key id, KEK derived from that master key)
 * still open. Without `recovery` (tests), a random recovery key lives as long as the keyring.
 */
export function createWalletKeyring(
  current: Buffer,
  previous: readonly Buffer[] = [],
  recovery: RecoveryKeyInput = { current: randomBytes(32) },
): WalletKeyring {
  const masters = byId([current, ...previous], masterKeyId);
  const recoveries = byId([recovery.current, ...(recovery.previous ?? [])], recoveryKeyId);
  const currentKeyId = masterKeyId(current);
  const currentRecoveryId = recoveryKeyId(recovery.current);
  const cache = new Map<string, Buffer>();
  const derive = (purpose: WalletKeyPurpose, keyId: string): Buffer => {
    const recoveryKey = purpose === 'recovery-kek' ? recoveries.get(keyId) : undefined;
    if (recoveryKey) return Buffer.from(hkdfSync('sha256', recoveryKey, RECOVERY_SALT, purpose, 32));
    // Master keys derive every purpose; for 'recovery-kek' only to open values sealed before LATCH_RECOVERY_KEY.
    const master = masters.get(keyId);
    if (!master) throw new Error('Unknown wallet key id for this purpose');
    return Buffer.from(hkdfSync('sha256', master, SALT, Buffer.from(purpose, 'utf8'), 32));
  };
  const currentKeyIdFor = (purpose: WalletKeyPurpose) =>
    purpose === 'recovery-kek' ? currentRecoveryId : currentKeyId;
  return {
    currentKeyId,
    currentKeyIdFor,
    has: (keyId) => masters.has(keyId) || recoveries.has(keyId),
    key(purpose, keyId = currentKeyIdFor(purpose)) {
      const cacheKey = `${keyId}/${purpose}`;
      let key = cache.get(cacheKey);
      if (!key) {
        key = derive(purpose, keyId);
        cache.set(cacheKey, key);
      }
      return key;
    },
  };
}
