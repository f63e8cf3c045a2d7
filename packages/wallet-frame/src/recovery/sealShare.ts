import { CustodyError } from '../keys/custodyError.js';
import { decodeShare, encodeShare, type ShareKind, type TaggedShare } from '../keys/shareEnvelope.js';

const IV_BYTES = 12;

/** What a sealed share must belong to; bound into the AES-GCM associated data. */
interface SealContext {
  walletId: string;
  shareSetId: string;
  /** Which protection sealed it (`latch`, `user-passcode`, …), so a ciphertext cannot cross methods. */
  method: string;
}

function aad(context: SealContext): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`latch-sealed-share|${context.method}|${context.walletId}|${context.shareSetId}`);
}

async function importKey(raw: Uint8Array<ArrayBuffer>, usage: 'encrypt' | 'decrypt'): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', raw, { name: 'AES-GCM' }, false, [usage]);
}

/** Encrypts a tagged share under a 32-byte key with AES-256-GCM; output is iv ‖ ciphertext. */
export async function sealShare(share: TaggedShare, key: Uint8Array<ArrayBuffer>, method: string): Promise<Uint8Array> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const additionalData = aad({ walletId: share.walletId, shareSetId: share.shareSetId, method });
  const ct = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData },
    await importKey(key, 'encrypt'),
    encodeShare(share),
  );
  const out = new Uint8Array(IV_BYTES + ct.byteLength);
  out.set(iv);
  out.set(new Uint8Array(ct), IV_BYTES);
  return out;
}

/**
 * Decrypts what `sealShare` produced. A wrong key, wrong context or changed bytes all throw
 * `decryption_failed`; the decrypted share must also carry the expected kind, wallet and set.
 */
export async function openShare(
  sealed: Uint8Array,
  key: Uint8Array<ArrayBuffer>,
  context: SealContext,
  kind: ShareKind = 'recovery',
): Promise<TaggedShare> {
  let plain: ArrayBuffer;
  try {
    const iv = sealed.slice(0, IV_BYTES);
    const ct = sealed.slice(IV_BYTES);
    plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv, additionalData: aad(context) },
      await importKey(key, 'decrypt'),
      ct,
    );
  } catch (cause) {
    throw new CustodyError('decryption_failed', 'The share could not be decrypted', { cause });
  }
  const share = decodeShare(new Uint8Array(plain));
  if (share.kind !== kind || share.walletId !== context.walletId || share.shareSetId !== context.shareSetId) {
    throw new CustodyError('malformed_share', 'The decrypted share does not belong to this wallet');
  }
  return share;
}
