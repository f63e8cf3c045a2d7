import { FARCASTER_SIGNER_KEYS } from '@latch/protocol/farcaster';
import { ed25519 } from '@noble/curves/ed25519.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import type { DerivedWallet } from '../keys/deriveWallet.js';

/** HKDF's salt and info: a signer key is of this purpose only, never another use of the wallet's key. */
const SALT = utf8ToBytes('latch:farcaster-signer');
const INFO = 'ed25519 signer key v1';

/** The user's Farcaster signer: an ed25519 key pair derived from the unlocked wallet (never leaves the frame). */
export interface FarcasterSignerKey {
  /** `0x` + 64 lower-case hex digits. */
  publicKey: string;
  /** Signs bytes (ed25519, RFC 8032); `0x` + 128 hex digits. */
  sign(message: Uint8Array): string;
}

/**
 * Derives the Farcaster signer key `index` of a wallet (docs/farcaster.md "The signer key"): HKDF-SHA256 of the
 * wallet's private key into an ed25519 seed, info `ed25519 signer key v1` for key 0 and `… v1 #<index>` for the
 * next ones (a request whose key was rejected asks with the next key: a rejected key is never asked again). It
 * is the wallet's custody, nothing new to store or back up: the same keys on every device and after a recovery,
 * and whoever cannot unlock the wallet cannot sign with them.
 */
export function farcasterSignerKey(wallet: DerivedWallet, index = 0): FarcasterSignerKey {
  if (!Number.isSafeInteger(index) || index < 0 || index >= FARCASTER_SIGNER_KEYS) {
    throw new RangeError(`A Farcaster signer key index is 0 to ${FARCASTER_SIGNER_KEYS - 1}.`);
  }
  const info = utf8ToBytes(index === 0 ? INFO : `${INFO} #${index}`);
  const secret = hkdf(sha256, hexToBytes(wallet.privateKey.slice(2)), SALT, info, 32);
  const publicKey = `0x${bytesToHex(ed25519.getPublicKey(secret))}`;
  return { publicKey, sign: (message) => `0x${bytesToHex(ed25519.sign(message, secret))}` };
}

/** The wallet's signer key whose public key is `publicKey` (`0x` hex, any case), or undefined if none of its keys is. */
export function farcasterSignerKeyOf(wallet: DerivedWallet, publicKey: string): FarcasterSignerKey | undefined {
  const wanted = publicKey.toLowerCase();
  for (let index = 0; index < FARCASTER_SIGNER_KEYS; index++) {
    const key = farcasterSignerKey(wallet, index);
    if (key.publicKey === wanted) return key;
  }
  return undefined;
}
