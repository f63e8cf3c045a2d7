import { describe, expect, it } from 'vitest';
import { combineShares } from '../keys/combineShares.js';
import { createWalletKeys } from '../keys/createWalletKeys.js';
import type { TaggedShare } from '../keys/shareEnvelope.js';
import { openWithProvider, protectWithProvider } from './providerRecovery.js';

async function newWallet() {
  const { wallet, shareSet } = await createWalletKeys();
  const [device, auth, recovery] = shareSet.shares as [TaggedShare, TaggedShare, TaggedShare];
  return { wallet, device, auth, recovery, ids: { walletId: shareSet.walletId, shareSetId: shareSet.shareSetId } };
}

function contains(haystack: Uint8Array, needle: Uint8Array): boolean {
  return Buffer.from(haystack).includes(Buffer.from(needle));
}

describe('provider-managed recovery', () => {
  it('restores the wallet with the released key and the auth share', async () => {
    const { wallet, auth, recovery, ids } = await newWallet();
    const { sealed, recoveryKey } = await protectWithProvider(recovery);
    expect(contains(sealed, recovery.share)).toBe(false);
    const opened = await openWithProvider(sealed, recoveryKey, ids);
    const restored = await combineShares([opened, auth], { walletId: ids.walletId, address: wallet.address });
    expect(restored.address).toBe(wallet.address);
  });

  it('fails with a wrong key or changed ciphertext', async () => {
    const { recovery, ids } = await newWallet();
    const { sealed, recoveryKey } = await protectWithProvider(recovery);
    const wrongKey = crypto.getRandomValues(new Uint8Array(32));
    await expect(openWithProvider(sealed, wrongKey, ids)).rejects.toMatchObject({ code: 'decryption_failed' });
    const changed = sealed.slice();
    changed[20] = (changed[20] ?? 0) ^ 1;
    await expect(openWithProvider(changed, recoveryKey, ids)).rejects.toMatchObject({ code: 'decryption_failed' });
  });
});
