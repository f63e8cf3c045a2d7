import { passwordError } from '@latch/protocol/password';
import { ristretto255_oprf } from '@noble/curves/ed25519.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { argon2id } from 'hash-wasm';
import { CustodyError } from '../keys/custodyError.js';
import type { TaggedShare } from '../keys/shareEnvelope.js';
import { openShare, sealShare } from './sealShare.js';

/** The recovery method name of password recovery. */
export const PASSWORD_RECOVERY_METHOD = 'user-passcode';

/** Argon2id cost: 64 MiB, 3 passes, 1 lane (the floor; see docs/custody.md for timings). */
export const ARGON2ID_PARAMS = { m: 64 * 1024, t: 3, p: 1 } as const;

/** Argon2id cost parameters (memory in KiB). */
export interface Argon2idParams {
  m: number;
  t: number;
  p: number;
}

/**
 * The online server step: evaluates an RFC 9497 OPRF (ristretto255-SHA512) blinded element under
 * the user's server-held key. Each call is counted and rate-limited by the server.
 */
export type OprfEvaluate = (blinded: Uint8Array) => Promise<Uint8Array>;

/** A recovery share protected by the user's password. */
export interface PasswordProtectedShare {
  /** AES-256-GCM ciphertext of the recovery share (iv ‖ ciphertext). */
  sealed: Uint8Array;
  /** Argon2id salt, random per share. */
  salt: Uint8Array;
  /**
   * A value only the right password yields; the server keeps its hash and resets the wrong-attempt
   * counter when the frame presents it after a successful recovery.
   */
  verifier: Uint8Array;
}

const encoder = new TextEncoder();

/**
 * Argon2id (v1.3, RFC 9106), 32-byte output, in WebAssembly (hash-wasm): 3–5× faster than pure JS in Chromium
 * (docs/bench.md), byte-identical to @noble/hashes' argon2id, which derived the keys of earlier wallets
 * (passwordRecoveryCompat.test.ts). Needs 'wasm-unsafe-eval' in the wallet frame's script-src (docs/custody.md).
 */
export async function argon2idKey(password: Uint8Array, salt: Uint8Array, params: Argon2idParams): Promise<Uint8Array> {
  return argon2id({
    password,
    salt,
    iterations: params.t,
    parallelism: params.p,
    memorySize: params.m,
    hashLength: 32,
    outputType: 'binary',
  });
}

async function passwordKeys(password: string, salt: Uint8Array, evaluate: OprfEvaluate, params: Argon2idParams) {
  const input = encoder.encode(password.normalize('NFKC'));
  const { blind, blinded } = ristretto255_oprf.oprf.blind(input);
  const evaluated = await evaluate(blinded);
  let oprfOutput: Uint8Array;
  try {
    oprfOutput = ristretto255_oprf.oprf.finalize(input, blind, evaluated);
  } catch (cause) {
    throw new CustodyError('decryption_failed', 'The server returned an invalid OPRF evaluation', { cause });
  }
  // Argon2id over OPRF output ‖ password: offline guessing needs the server's OPRF key, and even then
  // every guess costs a full Argon2id run.
  const ikm = await argon2idKey(new Uint8Array([...oprfOutput, ...input]), salt, params);
  const encryptionKey = hkdf(sha256, ikm, salt, encoder.encode('latch/recovery-password/encryption'), 32);
  const verifier = hkdf(sha256, ikm, salt, encoder.encode('latch/recovery-password/verifier'), 32);
  ikm.fill(0);
  oprfOutput.fill(0);
  return { encryptionKey: new Uint8Array(encryptionKey), verifier };
}

/** Seals the recovery share under a key from the password (OPRF, then Argon2id). */
export async function protectWithPassword(
  share: TaggedShare,
  password: string,
  evaluate: OprfEvaluate,
  params: Argon2idParams = ARGON2ID_PARAMS,
): Promise<PasswordProtectedShare> {
  const invalid = passwordError(password);
  if (invalid) throw new CustodyError('invalid_password', invalid);
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const { encryptionKey, verifier } = await passwordKeys(password, salt, evaluate, params);
  try {
    const sealed = await sealShare(share, encryptionKey, PASSWORD_RECOVERY_METHOD);
    return { sealed, salt, verifier };
  } finally {
    encryptionKey.fill(0);
  }
}

/** Opens a password-protected recovery share; a wrong password throws `wrong_password`. */
export async function openWithPassword(
  stored: { sealed: Uint8Array; salt: Uint8Array },
  password: string,
  evaluate: OprfEvaluate,
  expected: { walletId: string; shareSetId: string },
  params: Argon2idParams = ARGON2ID_PARAMS,
): Promise<{ share: TaggedShare; verifier: Uint8Array }> {
  const { encryptionKey, verifier } = await passwordKeys(password, stored.salt, evaluate, params);
  try {
    const share = await openShare(stored.sealed, encryptionKey, { ...expected, method: PASSWORD_RECOVERY_METHOD });
    return { share, verifier };
  } catch (error) {
    if (error instanceof CustodyError && error.code === 'decryption_failed') {
      throw new CustodyError('wrong_password', 'Invalid recovery password, please try again.');
    }
    throw error;
  } finally {
    encryptionKey.fill(0);
  }
}
