import { LatchError } from '@latch/protocol';
import { isCloudRecoveryMethod } from '@latch/protocol/cloudBackup';
import { type CloudAuth, FrameCloud, type FrameCloudOptions, type RecoveryInput } from '../cloud/frameCloud.js';
import { combineEntropy, combineShares } from '../keys/combineShares.js';
import { CustodyError } from '../keys/custodyError.js';
import type { DerivedWallet } from '../keys/deriveWallet.js';
import { importWalletKeys } from '../keys/importedKey.js';
import { decodeShare, type TaggedShare } from '../keys/shareEnvelope.js';
import { ARGON2ID_PARAMS, type Argon2idParams } from '../recovery/passwordRecovery.js';
import type { DeviceShareStore } from '../storage/deviceShareStore.js';
import type { CustodyApi, RecoveryRelease, ServerWallet, WalletCheck } from './custodyApi.js';
import { createFrameMfa, type FrameMfaAction, type MfaPermit } from './frameMfa.js';
import type { TokenOwner, TokenVerifier } from './tokenVerifier.js';
import { type RecoverySecret, type WalletShares, walletShares } from './walletShares.js';

type Address = `0x${string}`;
/** What startExport answers: where the code went (null after a step-up) and the verify that rebuilds the key. */
type ExportStart = { destination: string | null; verify(code: string): Promise<DerivedWallet> };
/** A verified token's owner, and the clear() generation it was verified in. */
type Auth = { claims: TokenOwner; generation: number };
// Tokens already checked with the server for the current owner (a few refreshes' worth).
const MAX_CHECKED_TOKENS = 8;

/** What a FrameWallet works with. */
export interface FrameWalletOptions {
  api: CustodyApi;
  store: DeviceShareStore;
  /** The frame's own access-token check (tokenVerifier.ts). */
  verifyToken: TokenVerifier;
  argon2?: Argon2idParams;
  /** The app and the clouds' endpoints (FrameConfig.cloud); without it cloud backups are not configured. */
  cloud?: FrameCloudOptions;
}

/**
 * The frame's wallet operations: create or import, connect (device share + this device's auth share), recover
 * (recovery release, then a new 2-of-2 device set), set a recovery password (re-split), export with a
 * step-up code, and the unlocked wallet for signing. Keys stay in this object; only addresses leave it.
 * Every request's token is verified here (signature, aud, iss, exp). The unlocked-key cache belongs
 * to one owner `{ sub, sid }`: a token of another `sub` drops it and is refused, and a token the
 * server has not accepted yet is checked with the server once before a cached key signs.
 */
export class FrameWallet {
  /** The owner's MFA state and one-time signing permits (frameMfa.ts): they go with the owner too. */
  readonly mfa = createFrameMfa();
  /** The recovery OAuth round trips this page began and the user's cloud (cloud backups). */
  readonly cloud: FrameCloud;
  private readonly unlocked = new Map<string, DerivedWallet>();
  private owner: TokenOwner | null = null;
  private readonly checked = new Set<string>();
  private readonly redeemed = new Map<string, string>();
  // The last recovery release of this page load, until the recovery succeeds or the frame is cleared.
  private release: { sub: string; walletId: string; value: RecoveryRelease } | null = null;
  // Bumped by clear(): an operation that started before a clear never fills the cache after it.
  private generation = 0;
  private readonly api: CustodyApi;
  private readonly store: DeviceShareStore;
  private readonly verifyToken: TokenVerifier;
  private readonly shares: WalletShares;

  constructor(options: FrameWalletOptions) {
    this.api = options.api;
    this.store = options.store;
    this.verifyToken = options.verifyToken;
    this.shares = walletShares(options.api, options.store, options.argon2 ?? ARGON2ID_PARAMS);
    this.cloud = new FrameCloud(options.cloud);
  }

  /** Changes with every clear(): work that waited (a confirmation) checks it did not span one. */
  get epoch(): number {
    return this.generation;
  }

  /** `latch:wallet:clear` (and a token of another user): forgets every unlocked key, checked token, owner, kept nonce, MFA state and permit. */
  clear(): void {
    this.generation++;
    this.mfa.clear();
    this.unlocked.clear();
    this.checked.clear();
    this.owner = null;
    this.release = null;
    this.cloud.clear();
    this.api.forget();
  }

  // The token's verified claims; a token of another user than the cache's owner empties the cache.
  private async authorize(accessToken: string): Promise<Auth> {
    const claims = await this.verifyToken(accessToken);
    if (this.owner && this.owner.sub !== claims.sub) {
      this.clear();
      throw new LatchError('missing_or_invalid_token', 'This token belongs to another user than the unlocked wallet.');
    }
    return { claims, generation: this.generation };
  }

  // Records that the server accepted `accessToken` (and, with `wallet`, caches the unlocked key).
  private accept(auth: Auth, accessToken: string, wallet?: DerivedWallet) {
    if (auth.generation !== this.generation) return;
    this.owner = { ...auth.claims };
    this.checked.delete(accessToken);
    this.checked.add(accessToken);
    if (this.checked.size > MAX_CHECKED_TOKENS) this.checked.delete(this.checked.values().next().value as string);
    if (wallet) this.unlocked.set(wallet.address.toLowerCase(), wallet);
  }

  // The GET wallet check; its MFA state is recorded for the token's owner (unless a clear came meanwhile).
  private async check(accessToken: string, auth: Auth): Promise<WalletCheck> {
    const answer = await this.api.getWallet(accessToken);
    if (auth.generation === this.generation) this.mfa.record(auth.claims, answer.mfa);
    return answer;
  }

  private async serverWallet(accessToken: string, auth: Auth, address?: string): Promise<ServerWallet> {
    const { wallet } = await this.check(accessToken, auth);
    if (!wallet || (address && wallet.address.toLowerCase() !== address.toLowerCase())) {
      throw new LatchError('embedded_wallet_not_found');
    }
    return wallet;
  }

  private async deviceShare(address: Address): Promise<TaggedShare> {
    const device = await this.store.load(address);
    if (!device) throw new CustodyError('device_share_missing', 'This device has no share of the wallet.');
    return device.share;
  }

  /** `latch:device:register`: registers this frame's device key with a fresh login's grant (once per grant). */
  async registerDevice(input: { accessToken: string; deviceGrant: string }): Promise<{ deviceId: string }> {
    const known = this.redeemed.get(input.deviceGrant);
    if (known) return { deviceId: known };
    const auth = await this.authorize(input.accessToken);
    const { deviceId } = await this.api.registerDevice(input.accessToken, input.deviceGrant);
    this.redeemed.set(input.deviceGrant, deviceId);
    this.accept(auth, input.accessToken);
    return { deviceId };
  }

  /** Creates the user's wallet (one per user; with `importKey`, the import form's key) and keeps this device's share. */
  async create(input: { accessToken: string } & Partial<RecoveryInput>, importKey?: Uint8Array) {
    const auth = await this.authorize(input.accessToken);
    if ((await this.check(input.accessToken, auth)).wallet) throw new LatchError('embedded_wallet_already_exists');
    const recoveryMethod = input.recoveryMethod ?? 'latch';
    const choice = await this.cloud.choice(this.api, input.accessToken, { ...input, recoveryMethod });
    const keys = importKey && (await importWalletKeys(importKey));
    const wallet = await this.shares.create(input.accessToken, choice, keys);
    this.accept(auth, input.accessToken, wallet);
    return { address: wallet.address, recoveryMethod: choice.method };
  }

  /** Unlocks the wallet with this device's share and the auth share of this device's set. */
  async connect(input: { accessToken: string; address: Address }) {
    const auth = await this.authorize(input.accessToken);
    const server = await this.serverWallet(input.accessToken, auth, input.address);
    const device = await this.deviceShare(input.address);
    const authShare = decodeShare(await this.api.getAuthShare(input.accessToken, device.shareSetId));
    const wallet = await combineShares([device, authShare], { walletId: server.walletId, address: server.address });
    this.accept(auth, input.accessToken, wallet);
    return { address: wallet.address, recoveryMethod: server.recoveryMethod };
  }

  /** Recovers on a device without a share (recovery release, cloud file read first), then gives it its own 2-of-2 set. */
  async recover(input: { accessToken: string; address: Address; password?: string; cloudAuth?: CloudAuth }) {
    const auth = await this.authorize(input.accessToken);
    const server = await this.serverWallet(input.accessToken, auth, input.address);
    if (server.recoveryMethod === 'user-passcode' && !input.password) {
      throw new CustodyError('wrong_password', 'Invalid recovery password, please try again.');
    }
    const secret: RecoverySecret = isCloudRecoveryMethod(server.recoveryMethod)
      ? { cloud: await this.cloud.copies(this.api, input.accessToken, server, input.cloudAuth) }
      : { password: input.password };
    // A release is counted per user per day: a mistyped password retries with the one already fetched.
    const kept = !secret.cloud && this.release?.sub === auth.claims.sub && this.release.walletId === server.walletId;
    const ticket = secret.cloud?.target.ticket;
    const release = kept && this.release ? this.release.value : await this.api.getRecovery(input.accessToken, ticket);
    this.release = null;
    let opened: Awaited<ReturnType<WalletShares['openRecovery']>>;
    try {
      opened = await this.shares.openRecovery(input.accessToken, server, release, secret);
    } catch (error) {
      // Only a wrong password keeps the release for the next try; anything else fetches afresh.
      if (error instanceof CustodyError && error.code === 'wrong_password' && auth.generation === this.generation) {
        this.release = { sub: auth.claims.sub, walletId: server.walletId, value: release };
      }
      throw error;
    }
    const { share, verifier } = opened;
    if (verifier) await this.api.confirmPassword(input.accessToken, verifier);
    const rebuilt = await combineEntropy([share, decodeShare(release.authShare)], server);
    try {
      const wallet = await this.shares.addDeviceSet(input.accessToken, server, rebuilt);
      this.accept(auth, input.accessToken, wallet);
      return { address: wallet.address, recoveryMethod: server.recoveryMethod };
    } finally {
      rebuilt.bytes.fill(0);
    }
  }

  /** Sets or changes the recovery (a password, a cloud backup): a fresh 2-of-3 split, signed by the wallet key, replaces every set. */
  async setRecovery(input: { accessToken: string; address: Address } & RecoveryInput) {
    const auth = await this.authorize(input.accessToken);
    const server = await this.serverWallet(input.accessToken, auth, input.address);
    const device = await this.deviceShare(input.address);
    const authShare = decodeShare(await this.api.getAuthShare(input.accessToken, device.shareSetId));
    const secret = await combineEntropy([device, authShare], { walletId: server.walletId, address: server.address });
    try {
      const choice = await this.cloud.choice(this.api, input.accessToken, input);
      const wallet = await this.shares.resplit(input.accessToken, server, secret, choice);
      this.accept(auth, input.accessToken, wallet);
      return { address: server.address, recoveryMethod: choice.method };
    } finally {
      secret.bytes.fill(0);
    }
  }

  /**
   * The unlocked wallet for signing with `accessToken` (verified here): a cached key signs only for its owner once the
   * server accepted this token (a GET with a proof: the session is alive); without a cached key the wallet is connected.
   */
  async unlockedWallet(accessToken: string, address: Address): Promise<DerivedWallet> {
    return (await this.unlock(accessToken, address)).wallet;
  }

  /**
   * The unlocked wallet for an MFA-protected signature (`sign`: messages, typed data; `send`: transactions): when the
   * owner's required actions include `action`, only with a permit of a verify for it (`missing_or_invalid_mfa`
   * otherwise, nothing spent). `permit.spend()` before signing.
   */
  async unlockedFor(
    accessToken: string,
    address: Address,
    action: FrameMfaAction,
  ): Promise<{ wallet: DerivedWallet; permit: MfaPermit }> {
    const { wallet, owner } = await this.unlock(accessToken, address);
    return { wallet, permit: this.mfa.permitFor(owner, action) };
  }

  private async unlock(accessToken: string, address: Address): Promise<{ wallet: DerivedWallet; owner: TokenOwner }> {
    const auth = await this.authorize(accessToken);
    const cached = this.unlocked.get(address.toLowerCase());
    if (!cached) {
      await this.connect({ accessToken, address });
      const wallet = this.unlocked.get(address.toLowerCase());
      if (!wallet || auth.generation !== this.generation) throw new LatchError('missing_or_invalid_token');
      return { wallet, owner: auth.claims };
    }
    // A new token, or an owner whose MFA state this page has not seen (another session): the GET check.
    if (!this.checked.has(accessToken) || !this.mfa.knows(auth.claims)) {
      await this.serverWallet(accessToken, auth, address);
      this.accept(auth, accessToken);
    }
    // A clear() while the check ran empties the cache: nothing signs for a token cleared away.
    if (auth.generation !== this.generation) throw new LatchError('missing_or_invalid_token');
    return { wallet: cached, owner: auth.claims };
  }

  /**
   * A server call (`latch:mfa:*`, a cloud round trip's init) for `accessToken`'s verified owner, made with this frame's
   * device proof by `call`; once answered, the token counts as accepted and `after` runs for that owner (recording the
   * answered state, keeping a permit) unless the frame was cleared meanwhile.
   */
  async mfaRequest<T>(
    accessToken: string,
    call: (api: CustodyApi) => Promise<T>,
    after?: (owner: TokenOwner, result: T) => void,
  ): Promise<T> {
    const auth = await this.authorize(accessToken);
    const result = await call(this.api);
    if (auth.generation === this.generation) {
      this.accept(auth, accessToken);
      after?.(auth.claims, result);
    }
    return result;
  }

  /**
   * Export step-up, first half: checks the token and this device's share, then has the server send a one-time code.
   * `verify(code)` releases this device's auth share and rebuilds the key (address checked) for the export page's own
   * document only. With an `export` step-up the share comes at once: `destination` null, `verify` ignores its code.
   */
  async startExport(accessToken: string, address: Address): Promise<ExportStart> {
    const auth = await this.authorize(accessToken);
    const server = await this.serverWallet(accessToken, auth, address);
    const device = await this.deviceShare(address);
    const start = await this.api.exportInit(accessToken);
    const ids = { walletId: server.walletId, address: server.address };
    if (start.channel === 'step_up') {
      // The session's step-up released the share already: no code (destination null).
      const wallet = await combineShares([device, decodeShare(start.authShare)], ids);
      return { destination: null, verify: async () => wallet };
    }
    return {
      destination: start.destination,
      verify: async (code) => {
        await this.authorize(accessToken);
        const authShare = decodeShare(await this.api.exportAuthenticate(accessToken, code));
        return combineShares([device, authShare], ids);
      },
    };
  }
}
