import { p256 } from '@noble/curves/nist.js';

// ES256 signatures in their low-S form (raw r‖s, 64 bytes). The check is a byte comparison: it runs for every
// token signed or verified, where parsing into noble's Signature was about 2 % of a refresh's CPU. The curve's
// order comes from noble; only n − s is computed here, with a native bigint.

/** P-256's group order n (noble's), and ⌊n / 2⌋ as 32 big-endian bytes (s is low when s ≤ it). */
const N = p256.Point.CURVE().n;
const toBytes32 = (value: bigint) => Buffer.from(value.toString(16).padStart(64, '0'), 'hex');
const HALF_N = toBytes32(N >> 1n);

/** True when `signature` is 64 bytes whose s half is at most n/2 (the one spelling verification accepts). */
export function isLowS(signature: Uint8Array): boolean {
  return signature.length === 64 && Buffer.compare(signature.subarray(32), HALF_N) <= 0;
}

/** The low-S form of a raw r‖s signature: (r, n − s) when s > n/2, else the signature itself. */
export function toLowS(signature: Uint8Array): Uint8Array {
  if (signature.length !== 64) throw new Error('an ES256 signature is 64 bytes (r‖s)');
  if (isLowS(signature)) return signature;
  const s = BigInt(`0x${Buffer.from(signature.subarray(32)).toString('hex')}`);
  return Buffer.concat([signature.subarray(0, 32), toBytes32(N - s)]);
}
