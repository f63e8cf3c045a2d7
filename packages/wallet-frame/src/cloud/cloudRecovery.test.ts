import { describe, expect, it } from 'vitest';
import { createWalletKeys } from '../keys/createWalletKeys.js';
import type { TaggedShare } from '../keys/shareEnvelope.js';
import { openWithProvider } from '../recovery/providerRecovery.js';
import { cloudFileContent, cloudKeyFor, openWithCloud, protectWithCloud } from './cloudRecovery.js';

async function recoveryShare(): Promise<TaggedShare> {
  const { shareSet } = await createWalletKeys();
  return shareSet.shares.find((s) => s.kind === 'recovery') as TaggedShare;
}

describe('cloud recovery: the seal and the cloud file', () => {
  it('opens with the cloud key for the same method only; the file holds the key and ids, nothing else', async () => {
    const share = await recoveryShare();
    const ids = { walletId: share.walletId, shareSetId: share.shareSetId };
    const { sealed, cloudKey } = await protectWithCloud(share, 'google-drive');
    const content = cloudFileContent('app-1', ids, cloudKey);
    expect(Object.keys(JSON.parse(content)).sort()).toEqual(['app_id', 'cloud_key', 'share_set_id', 'v', 'wallet_id']);
    const key = cloudKeyFor([content], 'app-1', ids);
    expect((await openWithCloud(sealed, key, ids, 'google-drive')).share).toEqual(share.share);
    // The method is bound in: an iCloud or provider-managed opening of a Drive ciphertext fails.
    await expect(openWithCloud(sealed, key, ids, 'icloud')).rejects.toMatchObject({ code: 'decryption_failed' });
    await expect(openWithProvider(sealed, key, ids)).rejects.toMatchObject({ code: 'decryption_failed' });
  });

  it('picks the copy of this app, wallet and share set; none of them is cloud_backup_not_found', async () => {
    const share = await recoveryShare();
    const ids = { walletId: share.walletId, shareSetId: share.shareSetId };
    const { cloudKey } = await protectWithCloud(share, 'icloud');
    const stale = cloudFileContent('app-1', { ...ids, shareSetId: crypto.randomUUID() }, new Uint8Array(32));
    const current = cloudFileContent('app-1', ids, cloudKey);
    expect(cloudKeyFor(['not json', stale, current], 'app-1', ids)).toEqual(cloudKey);
    for (const contents of [[], [stale], ['{}'], [current.replace('"v":1', '"v":2')]]) {
      expect(() => cloudKeyFor(contents, 'app-1', ids)).toThrow(
        expect.objectContaining({ code: 'cloud_backup_not_found' }),
      );
    }
    expect(() => cloudKeyFor([current], 'app-2', ids)).toThrow(
      expect.objectContaining({ code: 'cloud_backup_not_found' }),
    );
  });
});
