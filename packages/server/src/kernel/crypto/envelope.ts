import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { KeyPurpose, Keyring } from './keyring.js';

/**
 * Whose value a sealed value is: the fields (app, user, …) that go into the AES-GCM associated data, in
 * order, so a value opens only where it was sealed (for example app, user, wallet, share set).
 */
export type EnvelopeContext = readonly string[];

/** Why opening an envelope failed; the message never contains key material. */
export class EnvelopeError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EnvelopeError';
  }
}

const VERSION = 'v1';

// Length-prefixed fields, so ("ab","c") and ("a","bc") can never give the same AAD.
function associatedData(label: string, fields: readonly string[]): Buffer {
  const parts = [label, ...fields].map((f) => {
    const bytes = Buffer.from(f, 'utf8');
    const length = Buffer.alloc(4);
    length.writeUInt32BE(bytes.length);
    return Buffer.concat([length, bytes]);
  });
  return Buffer.concat(parts);
}

function encrypt(key: Buffer, plaintext: Buffer, aad: Buffer): string[] {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString('base64url'));
}

function decrypt(key: Buffer, [iv, tag, data]: string[], aad: Buffer): Buffer {
  if (!iv || !tag || data === undefined) throw new EnvelopeError('Malformed envelope');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(aad);
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]);
}

/**
 * Envelope encryption: a fresh 256-bit data key per value encrypts it with AES-256-GCM (AAD =
 * purpose ‖ context fields); the data key is wrapped by the key-encryption key of `purpose` (AAD = the
 * same fields plus the key id): one derived from the master key, or for 'recovery-kek' the recovery
 * key's. Output: `v1.<keyId>.<wrapped key>.<data>`.
 */
export function sealEnvelope(
  keyring: Keyring,
  purpose: KeyPurpose,
  context: EnvelopeContext,
  plaintext: Uint8Array,
): string {
  const dataKey = randomBytes(32);
  try {
    const keyId = keyring.currentKeyIdFor(purpose);
    const data = encrypt(dataKey, Buffer.from(plaintext), associatedData(`${purpose}/data`, context));
    const wrapAad = associatedData(`${purpose}/wrap`, [keyId, ...context]);
    const wrapped = encrypt(keyring.key(purpose, keyId), dataKey, wrapAad);
    return [VERSION, keyId, wrapped.join('~'), data.join('~')].join('.');
  } finally {
    dataKey.fill(0);
  }
}

function parse(sealed: string): { keyId: string; wrapped: string[]; data: string[] } {
  const [version, keyId, wrapped, data, extra] = sealed.split('.');
  if (version !== VERSION || !keyId || !wrapped || !data || extra !== undefined) {
    throw new EnvelopeError('Malformed envelope');
  }
  return { keyId, wrapped: wrapped.split('~'), data: data.split('~') };
}

function unwrapDataKey(
  keyring: Keyring,
  purpose: KeyPurpose,
  context: EnvelopeContext,
  keyId: string,
  wrapped: string[],
): Buffer {
  if (!keyring.has(keyId)) throw new EnvelopeError('The envelope was sealed under an unknown key');
  let kek: Buffer;
  try {
    kek = keyring.key(purpose, keyId);
  } catch (cause) {
    throw new EnvelopeError('The envelope was sealed under a key that cannot serve this purpose', { cause });
  }
  try {
    return decrypt(kek, wrapped, associatedData(`${purpose}/wrap`, [keyId, ...context]));
  } catch (cause) {
    throw new EnvelopeError('The envelope does not belong to this context or was changed', { cause });
  }
}

/** Opens a sealed value; a different context, purpose, key or any changed byte throws EnvelopeError. */
export function openEnvelope(keyring: Keyring, purpose: KeyPurpose, context: EnvelopeContext, sealed: string): Buffer {
  const { keyId, wrapped, data } = parse(sealed);
  const dataKey = unwrapDataKey(keyring, purpose, context, keyId, wrapped);
  try {
    return decrypt(dataKey, data, associatedData(`${purpose}/data`, context));
  } catch (cause) {
    throw new EnvelopeError('The envelope does not belong to this context or was changed', { cause });
  } finally {
    dataKey.fill(0);
  }
}

/** The key id a sealed value is wrapped under (to find values still on an old key). */
export function envelopeKeyId(sealed: string): string {
  return parse(sealed).keyId;
}

/** Re-wraps the data key under the purpose's current key; the encrypted data itself is untouched. */
export function rewrapEnvelope(
  keyring: Keyring,
  purpose: KeyPurpose,
  context: EnvelopeContext,
  sealed: string,
): string {
  const { keyId, wrapped, data } = parse(sealed);
  const newKeyId = keyring.currentKeyIdFor(purpose);
  if (keyId === newKeyId) return sealed;
  const dataKey = unwrapDataKey(keyring, purpose, context, keyId, wrapped);
  try {
    const wrapAad = associatedData(`${purpose}/wrap`, [newKeyId, ...context]);
    const rewrapped = encrypt(keyring.key(purpose, newKeyId), dataKey, wrapAad);
    return [VERSION, newKeyId, rewrapped.join('~'), data.join('~')].join('.');
  } finally {
    dataKey.fill(0);
  }
}
