import { describe, expect, it } from 'vitest';
import { createWalletKeys } from './createWalletKeys.js';
import { CustodyError } from './custodyError.js';
import { decodeShare, encodeShare, type TaggedShare } from './shareEnvelope.js';

describe('share envelope', () => {
  it('round-trips kind, wallet id, set id, threshold and share bytes', async () => {
    const { shareSet } = await createWalletKeys();
    for (const share of shareSet.shares) expect(decodeShare(encodeShare(share))).toEqual(share);
  });

  it('refuses bytes that are not a Latch share', async () => {
    const { shareSet } = await createWalletKeys();
    const bytes = encodeShare(shareSet.shares[0] as TaggedShare);
    const wrongVersion = bytes.slice();
    wrongVersion[0] = 9;
    const wrongKind = bytes.slice();
    wrongKind[1] = 7;
    for (const bad of [wrongVersion, wrongKind, bytes.slice(0, 20), new Uint8Array()]) {
      expect(() => decodeShare(bad)).toThrow(CustodyError);
    }
  });
});
