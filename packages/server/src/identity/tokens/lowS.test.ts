import { p256 } from '@noble/curves/nist.js';
import { describe, expect, it } from 'vitest';
import { isLowS, toLowS } from './lowS.js';

// noble's own reading of the signature is the oracle: the byte comparison must agree with it everywhere.
const secret = p256.utils.randomSecretKey();
const signatures = Array.from({ length: 48 }, (_, index) =>
  p256.sign(new TextEncoder().encode(`message ${index}`), secret, { lowS: false, prehash: true }),
);

describe('lowS', () => {
  it('tells high from low S as noble does, over 48 signatures of both kinds (all of one kind: odds 2^-47)', () => {
    const kinds = new Set(signatures.map((bytes) => p256.Signature.fromBytes(bytes, 'compact').hasHighS()));
    expect(kinds).toEqual(new Set([true, false]));
    for (const bytes of signatures) expect(isLowS(bytes)).toBe(!p256.Signature.fromBytes(bytes, 'compact').hasHighS());
  });

  it('turns a high-S signature into the low one that still verifies, and leaves a low one as it is', () => {
    for (const [index, bytes] of signatures.entries()) {
      const low = toLowS(bytes);
      const parsed = p256.Signature.fromBytes(bytes, 'compact');
      expect(isLowS(low)).toBe(true);
      const n = p256.Point.CURVE().n;
      const expected = parsed.hasHighS() ? new p256.Signature(parsed.r, n - parsed.s).toBytes('compact') : bytes;
      expect(Buffer.from(low).equals(Buffer.from(expected))).toBe(true);
      const message = new TextEncoder().encode(`message ${index}`);
      expect(p256.verify(low, message, p256.getPublicKey(secret), { prehash: true })).toBe(true);
    }
  });

  it('treats s = ⌊n/2⌋ as low and s = ⌊n/2⌋ + 1 as high, and refuses a length that is not 64', () => {
    const half = p256.Point.CURVE().n >> 1n;
    const withS = (s: bigint) => new p256.Signature(1n, s).toBytes('compact');
    expect(isLowS(withS(half))).toBe(true);
    expect(isLowS(withS(half + 1n))).toBe(false);
    expect(isLowS(new Uint8Array(63))).toBe(false);
    expect(() => toLowS(new Uint8Array(65))).toThrow(/64 bytes/);
  });
});
