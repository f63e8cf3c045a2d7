import { LatchError } from '@latch/protocol';
import { combineEntropy, combineShares } from '../keys/combineShares.js';
import { createWalletKeys } from '../keys/createWalletKeys.js';
import { CustodyError } from '../keys/custodyError.js';
import { type DerivedWallet, deriveWallet } from '../keys/deriveWallet.js';
import { decodeShare, encodeShare, type TaggedShare } from '../keys/shareEnvelope.js';
import { type ShareSet, splitEntropy } from '../keys/splitEntropy.js';
import {
  ARGON2ID_PARAMS,
  type Argon2idParams,
  openWithPassword,
  protectWithPassword,
} from '../recovery/passwordRecovery.js';
import { openWithProvider, protectWithProvider } from '../recovery/providerRecovery.js';
import type { DeviceShareStore } from '../storage/deviceShareStore.js';
import type { CustodyApi, RecoveryUpload, ServerWallet } from './custodyApi.js';

type Address = `0x${string}`;
type Kinds<T> = { device: T; auth: T; recovery: T };

function byKind(set: ShareSet): Kinds<TaggedShare> {
  const find = (kind: string) => set.shares.find((s) => s.kind === kind) as TaggedShare;
  return { device: find('device'), auth: find('auth'), recovery: find('recovery') };
}

/**
 * The frame's wallet operations: create, connect (device share + auth share), recover (recovery
 * share + auth share, then a new 2-of-2 device set), set a recovery password (re-split), and the
 * unlocked wallet for signing. Keys stay in this object; only addresses leave it.
 */
export class FrameWallet {
  private readonly unlocked = new Map<string, DerivedWallet>();

  constructor(
    private readonly api: CustodyApi,
    private readonly store: DeviceShareStore,
    private readonly argon2: Argon2idParams = ARGON2ID_PARAMS,
  ) {}

  private async serverWallet(accessToken: string, address?: string): Promise<ServerWallet> {
    const wallet = await this.api.getWallet(accessToken);
    if (!wallet || (address && wallet.address.toLowerCase() !== address.toLowerCase())) {
      throw new LatchError('embedded_wallet_not_found');
    }
    return wallet;
  }

  private async protect(
    accessToken: string,
    recovery: TaggedShare,
    method: 'latch' | 'user-passcode',
    password?: string,
  ): Promise<RecoveryUpload> {
    if (method === 'latch') {
      const { sealed, recoveryKey } = await protectWithProvider(recovery);
      return { method, sealedShare: sealed, recoveryKey };
    }
    const evaluate = (blinded: Uint8Array) => this.api.evaluateOprf(accessToken, recovery.walletId, blinded);
    const { sealed, salt, verifier } = await protectWithPassword(recovery, password ?? '', evaluate, this.argon2);
    return { method, sealedShare: sealed, salt, verifier };
  }

  /** Creates the user's wallet (one per user) and keeps this device's share. */
  async create(input: { accessToken: string; recoveryMethod?: 'latch' | 'user-passcode'; password?: string }) {
    if (await this.api.getWallet(input.accessToken)) throw new LatchError('embedded_wallet_already_exists');
    const method = input.recoveryMethod ?? 'latch';
    const { wallet, shareSet } = await createWalletKeys();
    const shares = byKind(shareSet);
    const recovery = await this.protect(input.accessToken, shares.recovery, method, input.password);
    await this.store.save(wallet.address, shares.device);
    try {
      await this.api.createWallet(input.accessToken, {
        walletId: shareSet.walletId,
        shareSetId: shareSet.shareSetId,
        address: wallet.address,
        authShare: encodeShare(shares.auth),
        recovery,
      });
    } catch (error) {
      await this.store.remove(wallet.address);
      throw error;
    }
    this.unlocked.set(wallet.address.toLowerCase(), wallet);
    return { address: wallet.address, recoveryMethod: method };
  }

  /** Unlocks the wallet with this device's share and its set's auth share. */
  async connect(input: { accessToken: string; address: Address }) {
    const server = await this.serverWallet(input.accessToken, input.address);
    const device = await this.store.load(input.address);
    if (!device) throw new CustodyError('device_share_missing', 'This device has no share of the wallet.');
    const auth = decodeShare(await this.api.getAuthShare(input.accessToken, device.share.shareSetId));
    const wallet = await combineShares([device.share, auth], { walletId: server.walletId, address: server.address });
    this.unlocked.set(wallet.address.toLowerCase(), wallet);
    return { address: wallet.address, recoveryMethod: server.recoveryMethod };
  }

  private async recoveryShare(accessToken: string, server: ServerWallet, password?: string) {
    const expected = (shareSetId: string) => ({ walletId: server.walletId, shareSetId });
    if (server.recoveryMethod === 'latch') {
      const r = await this.api.getProviderRecovery(accessToken);
      return {
        share: await openWithProvider(r.sealedShare, new Uint8Array(r.recoveryKey), expected(r.shareSetId)),
        verifier: null,
      };
    }
    if (!password) throw new CustodyError('wrong_password', 'Invalid recovery password, please try again.');
    const r = await this.api.getPasswordRecovery(accessToken);
    const evaluate = (blinded: Uint8Array) => this.api.evaluateOprf(accessToken, server.walletId, blinded);
    return openWithPassword(
      { sealed: r.sealedShare, salt: r.salt },
      password,
      evaluate,
      expected(r.shareSetId),
      this.argon2,
    );
  }

  /** Recovers on a device without a share, then gives this device its own 2-of-2 set. */
  async recover(input: { accessToken: string; address: Address; password?: string }) {
    const server = await this.serverWallet(input.accessToken, input.address);
    const { share, verifier } = await this.recoveryShare(input.accessToken, server, input.password);
    if (verifier) await this.api.confirmPassword(input.accessToken, verifier);
    const auth = decodeShare(await this.api.getAuthShare(input.accessToken, share.shareSetId));
    const expected = { walletId: server.walletId, address: server.address };
    const entropy = await combineEntropy([share, auth], expected);
    try {
      const set = await splitEntropy(entropy, server.walletId, ['device', 'auth']);
      const [device, newAuth] = set.shares as [TaggedShare, TaggedShare];
      await this.api.addDeviceShareSet(input.accessToken, set.shareSetId, encodeShare(newAuth));
      await this.store.save(server.address, device);
      const wallet = await deriveWallet(entropy);
      this.unlocked.set(wallet.address.toLowerCase(), wallet);
      return { address: wallet.address, recoveryMethod: server.recoveryMethod };
    } finally {
      entropy.fill(0);
    }
  }

  /** Sets (or changes) the recovery password: a fresh 2-of-3 split replaces every old set. */
  async setRecoveryPassword(input: { accessToken: string; address: Address; password: string }) {
    const server = await this.serverWallet(input.accessToken, input.address);
    const device = await this.store.load(input.address);
    if (!device) throw new CustodyError('device_share_missing', 'This device has no share of the wallet.');
    const auth = decodeShare(await this.api.getAuthShare(input.accessToken, device.share.shareSetId));
    const entropy = await combineEntropy([device.share, auth], { walletId: server.walletId, address: server.address });
    try {
      const set = await splitEntropy(entropy, server.walletId);
      const shares = byKind(set);
      const recovery = await this.protect(input.accessToken, shares.recovery, 'user-passcode', input.password);
      await this.api.replaceRecovery(input.accessToken, set.shareSetId, encodeShare(shares.auth), recovery);
      await this.store.save(server.address, shares.device);
      return { address: server.address, recoveryMethod: 'user-passcode' as const };
    } finally {
      entropy.fill(0);
    }
  }

  /** The unlocked wallet for `address`, connecting with this device's share when needed. */
  async unlockedWallet(accessToken: string, address: Address): Promise<DerivedWallet> {
    const cached = this.unlocked.get(address.toLowerCase());
    if (cached) return cached;
    await this.connect({ accessToken, address });
    return this.unlocked.get(address.toLowerCase()) as DerivedWallet;
  }
}
