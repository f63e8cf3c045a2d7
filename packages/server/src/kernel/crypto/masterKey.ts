import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, type Settings } from '../config/config.js';

/**
 * AES-256-GCM encryption under the master key, with associated data binding each value to its place.
 * Every sealed value names the master key that sealed it, so keys can be rotated (`latch-server keys rotate`).
 */
export interface Sealer {
  /** The id of the master key new values are sealed with. */
  readonly currentKeyId: string;
  /** Encrypts `plaintext`; `aad` must be given again to open it. Output: `v2.<keyId>.<iv>.<tag>.<ciphertext>`. */
  seal(plaintext: string, aad: string): string;
  /** Decrypts what `seal` produced (or a key-id-less `v1.` value); throws when the key, aad or data do not match. */
  open(sealed: string, aad: string): string;
  /** True when `sealed` is already under the current key (nothing for a rotation to do). */
  isCurrent(sealed: string): boolean;
}

/** A short public id for a master key (first 8 bytes of SHA-256 of it, hex): stable, reveals nothing useful. */
export function masterKeyId(masterKey: Buffer): string {
  return createHash('sha256').update('latch/master-key-id').update(masterKey).digest('hex').slice(0, 16);
}

/** Decodes one base64 key of 32 bytes; the error names where it came from, never the value. */
function decodeKey(base64: string, source: string): Buffer {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== 32) {
    throw new ConfigError(
      `${source} must be 32 bytes in base64 (e.g. \`openssl rand -base64 32\`), got ${key.length} bytes.`,
    );
  }
  return key;
}

/** Decodes a comma-separated list of base64 keys (`…_PREVIOUS` variables). */
export function decodeKeyList(list: string | undefined, source: string): Buffer[] {
  if (!list) return [];
  return list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item, index) => decodeKey(item, `${source} (entry ${index + 1})`));
}

/**
 * A key from the environment, else (dev mode only) from `<dataDir>/<file>`, generated when absent.
 * Outside dev mode a missing key is a ConfigError with `missing` as its message.
 */
export function loadKeyFile(
  value: string | undefined,
  variable: string,
  file: string,
  settings: Pick<Settings, 'dev' | 'dataDir'>,
  missing: string,
): Buffer {
  if (value) return decodeKey(value, variable);
  if (!settings.dev) throw new ConfigError(missing);
  const path = join(settings.dataDir, file);
  if (existsSync(path)) return decodeKey(readFileSync(path, 'utf8').trim(), path);
  mkdirSync(settings.dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(path, `${key.toString('base64')}\n`, { mode: 0o600 });
  return key;
}

/**
 * The master key: LATCH_MASTER_KEY; in dev mode, `<dataDir>/master.key` (generated when absent).
 * Production mode without it refuses to start.
 */
export function loadMasterKey(settings: Pick<Settings, 'masterKey' | 'dev' | 'dataDir'>): Buffer {
  return loadKeyFile(
    settings.masterKey,
    'LATCH_MASTER_KEY',
    'master.key',
    settings,
    'LATCH_MASTER_KEY is required outside dev mode: set it to 32 random bytes in base64 (`openssl rand -base64 32`) and keep it secret; it encrypts the signing keys. For local development, set LATCH_DEV=1 instead.',
  );
}

/** The earlier master keys (LATCH_MASTER_KEY_PREVIOUS): they open old values and seal nothing. */
export function loadPreviousMasterKeys(settings: Pick<Settings, 'masterKeyPrevious'>): Buffer[] {
  return decodeKeyList(settings.masterKeyPrevious, 'LATCH_MASTER_KEY_PREVIOUS');
}

function gcm(key: Buffer, iv: Buffer, aad: string) {
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  return cipher;
}

function openWith(key: Buffer, [iv, tag, data]: (string | undefined)[], aad: string): string {
  if (!iv || !tag || data === undefined) throw new Error('Unknown sealed value format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * A Sealer over the current master key and earlier ones. New values carry the current key's id; a
 * `v2` value opens with the key its id names; a `v1` value (sealed before key ids existed) is tried
 * under each known key, current first — GCM's tag tells the right one.
 */
export function createSealer(key: Buffer, previous: readonly Buffer[] = []): Sealer {
  const keys = new Map<string, Buffer>();
  for (const k of [key, ...previous]) {
    if (k.length !== 32) throw new Error('Master keys must be 32 bytes');
    if (!keys.has(masterKeyId(k))) keys.set(masterKeyId(k), k);
  }
  const currentKeyId = masterKeyId(key);
  return {
    currentKeyId,
    seal(plaintext, aad) {
      const iv = randomBytes(12);
      const cipher = gcm(key, iv, aad);
      const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return ['v2', currentKeyId, ...[iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url'))].join('.');
    },
    open(sealed, aad) {
      const parts = sealed.split('.');
      if (parts[0] === 'v2' && parts.length === 5) {
        const k = keys.get(parts[1] as string);
        if (!k) {
          throw new Error(
            `Sealed under an unknown master key (id ${parts[1]}): add that key to LATCH_MASTER_KEY_PREVIOUS`,
          );
        }
        return openWith(k, parts.slice(2), aad);
      }
      if (parts[0] !== 'v1' || parts.length !== 4) throw new Error('Unknown sealed value format');
      let failure: unknown;
      for (const k of keys.values()) {
        try {
          return openWith(k, parts.slice(1), aad);
        } catch (error) {
          failure = error;
        }
      }
      throw failure;
    },
    isCurrent: (sealed) => sealed.startsWith(`v2.${currentKeyId}.`),
  };
}
