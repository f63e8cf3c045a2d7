import { describe, expect, it } from 'vitest';
import { createWalletKeys } from '../keys/createWalletKeys.js';
import type { TaggedShare } from '../keys/shareEnvelope.js';
import { PASSWORD_RECOVERY_METHOD } from './passwordRecovery.js';
import { openShare, sealShare } from './sealShare.js';

async function newWallet() {
  const { wallet, shareSet } = await createWalletKeys();
  const [device, auth, recovery] = shareSet.shares as [TaggedShare, TaggedShare, TaggedShare];
  return { wallet, device, auth, recovery, ids: { walletId: shareSet.walletId, shareSetId: shareSet.shareSetId } };
}

describe('sealed shares', () => {
  it('refuses a ciphertext opened under another wallet, set or method', async () => {
    const { recovery, ids } = await newWallet();
    const key = crypto.getRandomValues(new Uint8Array(32));
    const sealed = await sealShare(recovery, key, 'latch');
    expect(await openShare(sealed, key, { ...ids, method: 'latch' })).toEqual(recovery);
    for (const context of [
      { ...ids, method: PASSWORD_RECOVERY_METHOD },
      { ...ids, shareSetId: crypto.randomUUID(), method: 'latch' },
      { ...ids, walletId: crypto.randomUUID(), method: 'latch' },
    ]) {
      await expect(openShare(sealed, key, context)).rejects.toMatchObject({ code: 'decryption_failed' });
    }
  });
});
