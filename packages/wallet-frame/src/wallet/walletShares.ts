import { LatchError } from '@latch/protocol';
import { createWalletKeys } from '../keys/createWalletKeys.js';
import { type DerivedWallet, deriveWallet } from '../keys/deriveWallet.js';
import { encodeShare, type TaggedShare } from '../keys/shareEnvelope.js';
import { type ShareSet, splitEntropy } from '../keys/splitEntropy.js';
import { type Argon2idParams, openWithPassword, protectWithPassword } from '../recovery/passwordRecovery.js';
import { openWithProvider, protectWithProvider } from '../recovery/providerRecovery.js';
import type { DeviceShareStore } from '../storage/deviceShareStore.js';
import type { CustodyApi, RecoveryRelease, RecoveryUpload, ServerWallet, WalletSigner } from './custodyApi.js';

type Kinds<T> = { device: T; auth: T; recovery: T };

function byKind(set: ShareSet): Kinds<TaggedShare> {
  const find = (kind: string) => set.shares.find((s) => s.kind === kind) as TaggedShare;
  return { device: find('device'), auth: find('auth'), recovery: find('recovery') };
}

const signerOf =
  (wallet: DerivedWallet): WalletSigner =>
  (message) =>
    wallet.account.signMessage({ message });

/**
 * What the frame does with a wallet's shares and the server's custody calls: split a new wallet, protect
 * and open the recovery share, give this device its own set, re-split under a recovery password. The
 * caller (FrameWallet) checks the token and owns the unlocked-key cache; the entropy it passes in it zeroes.
 */
export function walletShares(api: CustodyApi, store: DeviceShareStore, argon2: Argon2idParams) {
  const protect = async (
    accessToken: string,
    recovery: TaggedShare,
    method: 'latch' | 'user-passcode',
    password?: string,
  ): Promise<RecoveryUpload> => {
    if (method === 'latch') {
      const { sealed, recoveryKey } = await protectWithProvider(recovery);
      return { method, sealedShare: sealed, recoveryKey };
    }
    const evaluate = (blinded: Uint8Array) => api.evaluateOprf(accessToken, recovery.walletId, blinded);
    const { sealed, salt, verifier } = await protectWithPassword(recovery, password ?? '', evaluate, argon2);
    return { method, sealedShare: sealed, salt, verifier };
  };

  return {
    /** Creates a new wallet on the server (signed by its key) and keeps this device's share; removed again on failure. */
    async create(accessToken: string, method: 'latch' | 'user-passcode', password?: string): Promise<DerivedWallet> {
      const { wallet, shareSet } = await createWalletKeys();
      const shares = byKind(shareSet);
      const recovery = await protect(accessToken, shares.recovery, method, password);
      await store.save(wallet.address, shares.device);
      try {
        await api.createWallet(accessToken, {
          walletId: shareSet.walletId,
          shareSetId: shareSet.shareSetId,
          address: wallet.address,
          authShare: encodeShare(shares.auth),
          recovery,
          signer: signerOf(wallet),
        });
      } catch (error) {
        await store.remove(wallet.address);
        throw error;
      }
      return wallet;
    },

    /** Opens the recovery share of a release: with the provider's key, or the password and the OPRF step. */
    async openRecovery(accessToken: string, server: ServerWallet, release: RecoveryRelease, password?: string) {
      const expected = { walletId: server.walletId, shareSetId: release.shareSetId };
      if (release.method === 'latch') {
        const share = await openWithProvider(release.sealedShare, new Uint8Array(release.recoveryKey), expected);
        return { share, verifier: null };
      }
      if (release.method !== 'user-passcode') throw new LatchError('invalid_data', 'Unsupported recovery method.');
      const evaluate = (blinded: Uint8Array) => api.evaluateOprf(accessToken, server.walletId, blinded);
      const sealed = { sealed: release.sealedShare, salt: release.salt };
      return openWithPassword(sealed, password ?? '', evaluate, expected, argon2);
    },

    /** Gives this device its own 2-of-2 set of the wallet `entropy` rebuilds; keeps the device share. */
    async addDeviceSet(accessToken: string, server: ServerWallet, entropy: Uint8Array): Promise<DerivedWallet> {
      const wallet = await deriveWallet(entropy);
      const set = await splitEntropy(entropy, server.walletId, ['device', 'auth']);
      const [device, newAuth] = set.shares as [TaggedShare, TaggedShare];
      await api.addDeviceShareSet(accessToken, {
        walletId: server.walletId,
        shareSetId: set.shareSetId,
        authShare: encodeShare(newAuth),
        signer: signerOf(wallet),
      });
      await store.save(server.address, device);
      return wallet;
    },

    /** A fresh 2-of-3 split of `entropy` with a password-protected recovery share replaces every old set. */
    async resplitWithPassword(
      accessToken: string,
      server: ServerWallet,
      entropy: Uint8Array,
      password: string,
    ): Promise<DerivedWallet> {
      const wallet = await deriveWallet(entropy);
      const set = await splitEntropy(entropy, server.walletId);
      const shares = byKind(set);
      const recovery = await protect(accessToken, shares.recovery, 'user-passcode', password);
      await api.replaceRecovery(accessToken, {
        walletId: server.walletId,
        shareSetId: set.shareSetId,
        authShare: encodeShare(shares.auth),
        recovery,
        signer: signerOf(wallet),
      });
      await store.save(server.address, shares.device);
      return wallet;
    },
  };
}

/** The share operations of one frame (walletShares). */
export type WalletShares = ReturnType<typeof walletShares>;
