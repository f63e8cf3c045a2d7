import { LatchError } from '@latch/protocol';
import { isCloudRecoveryMethod } from '@latch/protocol/cloudBackup';
import { openWithCloud, protectWithCloud } from '../cloud/cloudRecovery.js';
import type { CloudTarget } from '../cloud/frameCloud.js';
import { unlockSecret, type WalletSecret } from '../keys/combineShares.js';
import { createWalletKeys, type NewWalletKeys } from '../keys/createWalletKeys.js';
import type { DerivedWallet } from '../keys/deriveWallet.js';
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

/** How a new split's recovery share is protected: by the provider, a password, or a cloud backup. */
export type RecoveryChoice =
  | { method: 'latch' }
  | { method: 'user-passcode'; password: string }
  | { method: CloudTarget['method']; cloud: CloudTarget };

/** What a recovery release is opened with: the password, or the wallet's cloud file copies and their cloud. */
export interface RecoverySecret {
  password?: string;
  cloud?: { target: CloudTarget; contents: string[] };
}

const NO_UNDO = async () => {};

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
  // The recovery upload, and how to undo what it wrote to the user's cloud when the server then refuses it.
  const protect = async (
    accessToken: string,
    recovery: TaggedShare,
    choice: RecoveryChoice,
    address: string,
  ): Promise<{ upload: RecoveryUpload; undo: () => Promise<void> }> => {
    if (choice.method === 'latch') {
      const { sealed, recoveryKey } = await protectWithProvider(recovery);
      return { upload: { method: 'latch', sealedShare: sealed, recoveryKey }, undo: NO_UNDO };
    }
    if (choice.method === 'user-passcode') {
      const evaluate = (blinded: Uint8Array) => api.evaluateOprf(accessToken, recovery.walletId, blinded);
      const { sealed, salt, verifier } = await protectWithPassword(recovery, choice.password, evaluate, argon2);
      return { upload: { method: 'user-passcode', sealedShare: sealed, salt, verifier }, undo: NO_UNDO };
    }
    // The cloud file is written before the server switches (docs/cloud-backup.md "Switching methods").
    const { sealed, cloudKey } = await protectWithCloud(recovery, choice.method);
    const ids = { walletId: recovery.walletId, shareSetId: recovery.shareSetId };
    const undo = await choice.cloud.save(address, ids, cloudKey);
    cloudKey.fill(0);
    return { upload: { method: choice.method, sealedShare: sealed, cloudTicket: choice.cloud.ticket }, undo };
  };

  return {
    /**
     * Creates a new wallet on the server (signed by its key) and keeps this device's share; removed again on failure.
     * With `imported`, the keys of an imported private key (importWalletKeys) instead of fresh ones.
     */
    async create(accessToken: string, choice: RecoveryChoice, imported?: NewWalletKeys): Promise<DerivedWallet> {
      const { wallet, shareSet } = imported ?? (await createWalletKeys());
      const shares = byKind(shareSet);
      const { upload: recovery, undo } = await protect(accessToken, shares.recovery, choice, wallet.address);
      await store.save(wallet.address, shares.device);
      try {
        await api.createWallet(accessToken, {
          walletId: shareSet.walletId,
          shareSetId: shareSet.shareSetId,
          address: wallet.address,
          authShare: encodeShare(shares.auth),
          recovery,
          signer: signerOf(wallet),
          ...(imported ? { imported: true } : {}),
        });
      } catch (error) {
        await store.remove(wallet.address);
        await undo();
        throw error;
      }
      return wallet;
    },

    /** Opens the recovery share of a release: with the provider's key, the password and the OPRF step, or the cloud key. */
    async openRecovery(accessToken: string, server: ServerWallet, release: RecoveryRelease, secret: RecoverySecret) {
      const expected = { walletId: server.walletId, shareSetId: release.shareSetId };
      if (release.method === 'latch') {
        const share = await openWithProvider(release.sealedShare, new Uint8Array(release.recoveryKey), expected);
        return { share, verifier: null };
      }
      if (isCloudRecoveryMethod(release.method)) {
        const { cloud } = secret;
        if (cloud?.target.method !== release.method)
          throw new LatchError('invalid_data', 'Unsupported recovery method.');
        const key = cloud.target.keyFor(cloud.contents, expected);
        try {
          return { share: await openWithCloud(release.sealedShare, key, expected, release.method), verifier: null };
        } finally {
          key.fill(0);
        }
      }
      if (release.method !== 'user-passcode') throw new LatchError('invalid_data', 'Unsupported recovery method.');
      const evaluate = (blinded: Uint8Array) => api.evaluateOprf(accessToken, server.walletId, blinded);
      const sealed = { sealed: release.sealedShare, salt: release.salt };
      return openWithPassword(sealed, secret.password ?? '', evaluate, expected, argon2);
    },

    /** Gives this device its own 2-of-2 set of the wallet `secret` rebuilds; keeps the device share. */
    async addDeviceSet(accessToken: string, server: ServerWallet, secret: WalletSecret): Promise<DerivedWallet> {
      const wallet = await unlockSecret(secret);
      const set = await splitEntropy(secret.bytes, server.walletId, ['device', 'auth'], secret.kind);
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

    /** A fresh 2-of-3 split of `secret`, its recovery share protected as `choice` says, replaces every old set. */
    async resplit(
      accessToken: string,
      server: ServerWallet,
      secret: WalletSecret,
      choice: RecoveryChoice,
    ): Promise<DerivedWallet> {
      const wallet = await unlockSecret(secret);
      const set = await splitEntropy(secret.bytes, server.walletId, undefined, secret.kind);
      const shares = byKind(set);
      const { upload: recovery, undo } = await protect(accessToken, shares.recovery, choice, server.address);
      try {
        await api.replaceRecovery(accessToken, {
          walletId: server.walletId,
          shareSetId: set.shareSetId,
          authShare: encodeShare(shares.auth),
          recovery,
          signer: signerOf(wallet),
        });
      } catch (error) {
        // The server kept the old sets: the old cloud file (if this cloud held one) goes back too.
        await undo();
        throw error;
      }
      await store.save(server.address, shares.device);
      return wallet;
    },
  };
}

/** The share operations of one frame (walletShares). */
export type WalletShares = ReturnType<typeof walletShares>;
