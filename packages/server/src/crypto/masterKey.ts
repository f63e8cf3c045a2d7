import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, type Settings } from '../config.js';

/** AES-256-GCM envelope encryption under the master key, with associated data binding each value to its place. */
export interface Sealer {
  /** Encrypts `plaintext`; `aad` must be given again to open it. Output: `v1.<iv>.<tag>.<ciphertext>` (base64url). */
  seal(plaintext: string, aad: string): string;
  /** Decrypts what `seal` produced; throws when the key, the aad or the data do not match. */
  open(sealed: string, aad: string): string;
}

function decodeKey(base64: string, source: string): Buffer {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== 32) {
    throw new ConfigError(
      `${source} must be 32 bytes in base64 (e.g. \`openssl rand -base64 32\`), got ${key.length} bytes.`,
    );
  }
  return key;
}

/**
 * The master key: LATCH_MASTER_KEY; in dev mode, `<dataDir>/master.key` (generated when absent).
 * Production mode without it refuses to start.
 */
export function loadMasterKey(settings: Pick<Settings, 'masterKey' | 'dev' | 'dataDir'>): Buffer {
  if (settings.masterKey) return decodeKey(settings.masterKey, 'LATCH_MASTER_KEY');
  if (!settings.dev) {
    throw new ConfigError(
      'LATCH_MASTER_KEY is required outside dev mode: set it to 32 random bytes in base64 (`openssl rand -base64 32`) and keep it secret; it encrypts the signing keys. For local development, set LATCH_DEV=1 instead.',
    );
  }
  const file = join(settings.dataDir, 'master.key');
  if (existsSync(file)) return decodeKey(readFileSync(file, 'utf8').trim(), file);
  mkdirSync(settings.dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600 });
  return key;
}

/** A Sealer over a 32-byte key. */
export function createSealer(key: Buffer): Sealer {
  return {
    seal(plaintext, aad) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(aad, 'utf8'));
      const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        data.toString('base64url'),
      ].join('.');
    },
    open(sealed, aad) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Unknown sealed value format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(aad, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
