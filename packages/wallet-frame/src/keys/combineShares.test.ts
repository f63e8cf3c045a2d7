import { describe, expect, it } from 'vitest';
import { combineEntropy, combineShares } from './combineShares.js';
import { createWalletKeys } from './createWalletKeys.js';
import { CustodyError } from './custodyError.js';
import type { TaggedShare } from './shareEnvelope.js';
import { splitEntropy } from './splitEntropy.js';

async function rejectsWith(promise: Promise<unknown>, code: string): Promise<void> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CustodyError);
  expect((error as CustodyError).code).toBe(code);
}

describe('split and combine', () => {
  it('restores the same address from any 2 of the 3 shares', async () => {
    const { wallet, shareSet } = await createWalletKeys();
    const [device, auth, recovery] = shareSet.shares as [TaggedShare, TaggedShare, TaggedShare];
    expect(shareSet.shares.map((s) => s.kind)).toEqual(['device', 'auth', 'recovery']);
    const expected = { walletId: shareSet.walletId, address: wallet.address };
    for (const pair of [
      [device, auth],
      [device, recovery],
      [auth, recovery],
      [recovery, device],
    ]) {
      const restored = await combineShares(pair, expected);
      expect(restored.address).toBe(wallet.address);
      expect(restored.privateKey).toBe(wallet.privateKey);
    }
  });

  it('refuses a single share', async () => {
    const { wallet, shareSet } = await createWalletKeys();
    const expected = { walletId: shareSet.walletId, address: wallet.address };
    await rejectsWith(combineShares([shareSet.shares[0] as TaggedShare], expected), 'not_enough_shares');
    await rejectsWith(combineShares([], expected), 'not_enough_shares');
  });

  it('fails closed when a share was tampered with', async () => {
    const { wallet, shareSet } = await createWalletKeys();
    const [device, auth] = shareSet.shares as [TaggedShare, TaggedShare];
    const share = device.share.slice();
    share[5] = (share[5] ?? 0) ^ 0x01;
    const tampered = { ...device, share };
    await rejectsWith(
      combineShares([tampered, auth], { walletId: shareSet.walletId, address: wallet.address }),
      'address_mismatch',
    );
  });

  it('fails closed when the stored address is not the one the shares rebuild', async () => {
    const { shareSet } = await createWalletKeys();
    const other = await createWalletKeys();
    const expected = { walletId: shareSet.walletId, address: other.wallet.address };
    await rejectsWith(combineShares(shareSet.shares.slice(0, 2), expected), 'address_mismatch');
  });

  it('refuses shares of different sets of the same wallet, and shares of another wallet', async () => {
    const { wallet, shareSet } = await createWalletKeys();
    const entropy = await combineEntropy(shareSet.shares.slice(0, 2), {
      walletId: shareSet.walletId,
      address: wallet.address,
    });
    const newDevice = await splitEntropy(entropy.bytes, shareSet.walletId, ['device', 'auth']);
    expect(newDevice.shareSetId).not.toBe(shareSet.shareSetId);
    const expected = { walletId: shareSet.walletId, address: wallet.address };
    // Raw Shamir would even "combine" these, to a wrong secret: the set check refuses them first.
    const mixed = [newDevice.shares[0] as TaggedShare, shareSet.shares[1] as TaggedShare];
    await rejectsWith(combineShares(mixed, expected), 'share_set_mismatch');
    const foreign = await createWalletKeys();
    await rejectsWith(
      combineShares([foreign.shareSet.shares[0] as TaggedShare, shareSet.shares[1] as TaggedShare], expected),
      'wallet_mismatch',
    );
    await rejectsWith(
      combineShares([shareSet.shares[0] as TaggedShare, shareSet.shares[0] as TaggedShare], expected),
      'duplicate_share',
    );
  });

  it('gives a new device its own 2-of-2 set that restores the same address', async () => {
    const { wallet, shareSet } = await createWalletKeys();
    const expected = { walletId: shareSet.walletId, address: wallet.address };
    const entropy = await combineEntropy(
      [shareSet.shares[1] as TaggedShare, shareSet.shares[2] as TaggedShare],
      expected,
    );
    const newDevice = await splitEntropy(entropy.bytes, shareSet.walletId, ['device', 'auth']);
    expect(newDevice.shares.every((s) => s.threshold === 2 && s.total === 2)).toBe(true);
    expect((await combineShares(newDevice.shares, expected)).address).toBe(wallet.address);
  });
});
