import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import { masterKeyId } from './masterKey.js';

/**
 * What a derived key is for ('auth-share-kek', 'oprf-seed', 'mfa-totp-kek' …): each purpose gets its own
 * key, derived from the master key; 'recovery-kek' alone comes from the recovery key (RECOVERY_PURPOSE).
 */
export type KeyPurpose = string;

/** The purpose whose keys derive from the provider-recovery key (LATCH_RECOVERY_KEY), not the master key. */
export const RECOVERY_PURPOSE = 'recovery-kek';

/**
 * Server keys derived by HKDF-SHA256 from the master key (LATCH_MASTER_KEY), one per purpose, and the
 * recovery purpose's from its own key (LATCH_RECOVERY_KEY). Every key has an id stored beside each value it
 * protects, and earlier keys are kept to open old values, so values can be re-wrapped under new keys
 * without downtime (`keys rotate`).
 */
export interface Keyring {
  /** The id of the master key new values (and new password wallets' OPRF keys) use. */
  readonly currentKeyId: string;
  /** The id of the key new values of `purpose` are protected with. */
  currentKeyIdFor(purpose: KeyPurpose): string;
  /** The 32-byte key for `purpose` under key `keyId` (default: the purpose's current key); throws for an unknown id. */
  key(purpose: KeyPurpose, keyId?: string): Buffer;
  /** True when `keyId` is a known master or recovery key. */
  has(keyId: string): boolean;
}

/** The provider-recovery key and earlier ones (LATCH_RECOVERY_KEY, LATCH_RECOVERY_KEY_PREVIOUS). */
export interface RecoveryKeyInput {
  current: Buffer;
  previous?: readonly Buffer[];
}

// The salts of the first (wallet custody) release: every stored value's key derives from them.
const SALT = Buffer.from('latch/wallets/v1', 'utf8');
const RECOVERY_SALT = Buffer.from('latch/wallets/recovery-key/v1', 'utf8');

/** A recovery key's public id: `rk-` and 8 bytes of SHA-256 (another domain than master key ids). */
export function recoveryKeyId(recoveryKey: Buffer): string {
  return `rk-${createHash('sha256').update('latch/recovery-key-id').update(recoveryKey).digest('hex').slice(0, 16)}`;
}

function byId(keys: readonly Buffer[], id: (key: Buffer) => string): Map<string, Buffer> {
  const map = new Map<string, Buffer>();
  for (const key of keys) {
    if (key.length !== 32) throw new Error('Keyring keys must be 32 bytes');
    if (!map.has(id(key))) map.set(id(key), key);
  }
  return map;
}

/**
 * Builds the keyring. `current` protects new values; `previous` master keys only open old ones (and
 * evaluate the OPRF of password wallets created under them). `recovery` is the provider-recovery key, or
 * how to load it when first needed (a server whose modules seal nothing under it never asks); recovery
 * keys sealed before it existed (under a master key id, KEK derived from that master key) still open.
 * Without `recovery` (tests), a random recovery key lives as long as the keyring.
 */
export function createKeyring(
  current: Buffer,
  previous: readonly Buffer[] = [],
  recovery: RecoveryKeyInput | (() => RecoveryKeyInput) = { current: randomBytes(32) },
): Keyring {
  const masters = byId([current, ...previous], masterKeyId);
  const currentKeyId = masterKeyId(current);
  let loaded: { keys: Map<string, Buffer>; currentId: string } | undefined;
  const recoveries = () => {
    if (!loaded) {
      const input = typeof recovery === 'function' ? recovery() : recovery;
      loaded = {
        keys: byId([input.current, ...(input.previous ?? [])], recoveryKeyId),
        currentId: recoveryKeyId(input.current),
      };
    }
    return loaded;
  };
  if (typeof recovery !== 'function') recoveries();
  const cache = new Map<string, Buffer>();
  const derive = (purpose: KeyPurpose, keyId: string): Buffer => {
    const recoveryKey = purpose === RECOVERY_PURPOSE ? recoveries().keys.get(keyId) : undefined;
    if (recoveryKey) return Buffer.from(hkdfSync('sha256', recoveryKey, RECOVERY_SALT, purpose, 32));
    // Master keys derive every purpose; for 'recovery-kek' only to open values sealed before LATCH_RECOVERY_KEY.
    const master = masters.get(keyId);
    if (!master) throw new Error('Unknown key id for this purpose');
    return Buffer.from(hkdfSync('sha256', master, SALT, Buffer.from(purpose, 'utf8'), 32));
  };
  const currentKeyIdFor = (purpose: KeyPurpose) =>
    purpose === RECOVERY_PURPOSE ? recoveries().currentId : currentKeyId;
  return {
    currentKeyId,
    currentKeyIdFor,
    has: (keyId) => masters.has(keyId) || recoveries().keys.has(keyId),
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
