// ES256 signatures in their low-S form (raw r‖s, 64 bytes), by byte comparison: this runs for every
// token signed or verified, where parsing into bigints (noble's Signature) was about 2 % of a refresh's CPU.

/** P-256's group order n, and ⌊n / 2⌋ (s is low when s ≤ it), as 32 big-endian bytes. */
const N = Buffer.from('ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551', 'hex');
const HALF_N = Buffer.from((BigInt(`0x${N.toString('hex')}`) >> 1n).toString(16).padStart(64, '0'), 'hex');

/** True when `signature` is 64 bytes whose s half is at most n/2 (the one spelling verification accepts). */
export function isLowS(signature: Uint8Array): boolean {
  return signature.length === 64 && Buffer.compare(signature.subarray(32), HALF_N) <= 0;
}

/** The low-S form of a raw r‖s signature: (r, n − s) when s > n/2, else the signature itself. */
export function toLowS(signature: Uint8Array): Uint8Array {
  if (signature.length !== 64) throw new Error('an ES256 signature is 64 bytes (r‖s)');
  if (isLowS(signature)) return signature;
  // n − s, byte by byte from the right with a borrow (s < n, so nothing is left to borrow at the end).
  const low = Buffer.from(signature);
  let borrow = 0;
  for (let index = 31; index >= 0; index--) {
    const difference = (N[index] as number) - (signature[32 + index] as number) - borrow;
    borrow = difference < 0 ? 1 : 0;
    low[32 + index] = difference + borrow * 256;
  }
  return low;
}
