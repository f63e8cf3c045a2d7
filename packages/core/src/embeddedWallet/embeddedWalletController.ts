import { LatchError, type RecoveryMethod, TIMEOUT, type User } from '@latch/protocol';
import type { ApprovalDisplay } from '@latch/protocol/schemas';
import type { EmbeddedWalletBridge } from './embeddedWalletBridge.js';
import { EmbeddedWalletError } from './embeddedWalletError.js';

type Address = `0x${string}`;

/** The user's embedded wallet as the UI lists it. */
export interface EmbeddedWalletInfo {
  address: Address;
  walletClientType: 'latch';
  connectorType: 'embedded';
  recoveryMethod: RecoveryMethod | null;
}

/** What the controller needs from the Latch client. */
export interface EmbeddedWalletClient {
  getAccessToken(): Promise<string | null>;
  refreshUser(): Promise<User>;
  /** The device grant of the last login, handed out once (LatchClient.takeDeviceGrant). */
  takeDeviceGrant?(): string | null;
}

/** SPEC §8 texts of the creation flow. */
export const NO_TOKEN_FOR_WALLET_TEXT = 'An error has occured, please login again.';
export const MISSING_EMBEDDED_WALLET_TEXT = 'Updated user is missing embedded wallet.';
export const FAILED_TO_REFRESH_USER_TEXT = 'Failed to refresh user.';
export const UNSUPPORTED_RECOVERY_TEXT = 'Unsupported recovery method.';

/** The user's embedded wallet (the linked `wallet` account of client type `latch`), if any. */
export function embeddedWalletOf(user: User | null | undefined): EmbeddedWalletInfo | null {
  const account = user?.linkedAccounts.find((a) => a.type === 'wallet' && a.walletClientType === 'latch');
  if (!account || typeof account.address !== 'string') return null;
  return {
    address: account.address as Address,
    walletClientType: 'latch',
    connectorType: 'embedded',
    recoveryMethod: (account.recoveryMethod as RecoveryMethod | null | undefined) ?? null,
  };
}

/** Options of `createForUser`: provider-managed recovery unless a password is given. */
export interface CreateWalletOptions {
  readyTimeoutMs?: number;
  /** Creates the wallet with password recovery (`user-passcode`) instead of provider-managed. */
  password?: string;
  /** Imports instead: the frame (placed by the import screen, dressed by these hints) asks for the key itself. */
  importDisplay?: ApprovalDisplay;
}

/** Options of the controller. */
export interface EmbeddedWalletControllerOptions {
  /**
   * Called when a password or cloud-backed wallet has no share on this device (SPEC §4 "Wallet connecting and
   * recovery": the password screen, or the cloud recovery screen); resolves once it is restored.
   */
  onPasswordRecoveryNeeded?(wallet: EmbeddedWalletInfo): Promise<void>;
}

/** Creation, connection, recovery, password and signing of the user's embedded wallet over the bridge. */
export interface EmbeddedWalletController {
  /**
   * Hands the last login's device grant (if the client still holds one) to the frame, which registers
   * its device key; resolves at once without a grant. Connect and create wait for it first.
   */
  registerDevice(): Promise<void>;
  /** Forgets every connection and an unredeemed grant (logout, another user). */
  reset(): void;
  /** Creates the wallet unless the user has one; returns the refreshed user. */
  createForUser(user: User, options?: CreateWalletOptions): Promise<User>;
  /** Unlocks the wallet on this device, recovering it first on a new device (provider, or the password screen). */
  connect(user: User): Promise<EmbeddedWalletInfo>;
  /** Records the wallet as unlocked on this device (after a recovery or a password change elsewhere). */
  remember(wallet: EmbeddedWalletInfo): void;
  /** personal_sign with the embedded wallet. */
  signMessage(user: User, message: string): Promise<Address>;
  /** eth_signTypedData_v4 with the embedded wallet. */
  signTypedData(user: User, typedData: string | Record<string, unknown>): Promise<Address>;
}

/** The access token, or SPEC's 'An error has occured, please login again.' */
export async function tokenOrFail(client: EmbeddedWalletClient): Promise<string> {
  const token = await client.getAccessToken();
  if (!token) throw new LatchError('must_be_authenticated', NO_TOKEN_FOR_WALLET_TEXT);
  return token;
}

/** The user's embedded wallet, or embedded_wallet_not_found. */
export function walletOrFail(user: User): EmbeddedWalletInfo {
  const wallet = embeddedWalletOf(user);
  if (!wallet) throw new LatchError('embedded_wallet_not_found');
  return wallet;
}

/** The refreshed user, who must hold the embedded wallet `address` (SPEC §4 "Embedded wallet creation"). */
export async function refreshedUserWith(client: EmbeddedWalletClient, address: string): Promise<User> {
  let refreshed: User;
  try {
    refreshed = await client.refreshUser();
  } catch (error) {
    throw new LatchError('internal_error', FAILED_TO_REFRESH_USER_TEXT, { cause: error });
  }
  const wallet = embeddedWalletOf(refreshed);
  if (!wallet || wallet.address.toLowerCase() !== address.toLowerCase()) {
    throw new LatchError('internal_error', MISSING_EMBEDDED_WALLET_TEXT);
  }
  return refreshed;
}

/** Creates the controller over a bridge and a client. */
export function createEmbeddedWalletController(
  client: EmbeddedWalletClient,
  bridge: EmbeddedWalletBridge,
  options: EmbeddedWalletControllerOptions = {},
): EmbeddedWalletController {
  // One connection per address at a time; a settled failure lets the next call try again.
  const connections = new Map<string, Promise<EmbeddedWalletInfo>>();
  // Bumped by reset(): what was in flight for the previous user records nothing afterwards.
  let generation = 0;
  // A grant taken from the client but not yet redeemed (kept only when the frame never answered).
  let heldGrant: string | null = null;
  let registering: Promise<void> | null = null;

  function registerDevice(): Promise<void> {
    if (registering) return registering;
    heldGrant = client.takeDeviceGrant?.() ?? heldGrant;
    const grant = heldGrant;
    if (grant === null) return Promise.resolve();
    const started = generation;
    const run = (async () => {
      try {
        const accessToken = await tokenOrFail(client);
        await bridge.registerDevice({ accessToken, deviceGrant: grant });
        if (heldGrant === grant) heldGrant = null;
      } catch (error) {
        // Only a frame that never answered may not have sent it; anything else used the grant up.
        const unanswered = error instanceof EmbeddedWalletError && error.proxyType === 'timeout';
        if (!unanswered && heldGrant === grant) heldGrant = null;
        throw error;
      } finally {
        if (generation === started) registering = null;
      }
    })();
    registering = run;
    return run;
  }

  // A failed registration is not the caller's error: the frame then answers device_not_registered itself.
  const deviceRegistered = () => registerDevice().catch(() => undefined);

  async function connectOnce(wallet: EmbeddedWalletInfo): Promise<EmbeddedWalletInfo> {
    await deviceRegistered();
    const accessToken = await tokenOrFail(client);
    try {
      await bridge.connect({ accessToken, address: wallet.address });
    } catch (error) {
      if (!(error instanceof EmbeddedWalletError) || error.proxyType !== 'wallet_not_on_device') throw error;
      // A new device (SPEC §4 "Wallet connecting and recovery"): provider-managed recovery needs no
      // password; a password wallet goes to the password screen, a cloud-backed one to the recovery OAuth screen.
      if (wallet.recoveryMethod === 'latch') {
        await bridge.recover({ accessToken, address: wallet.address, recoveryMethod: 'latch' });
      } else if (wallet.recoveryMethod && options.onPasswordRecoveryNeeded) {
        await options.onPasswordRecoveryNeeded(wallet);
      } else {
        throw new LatchError('invalid_data', UNSUPPORTED_RECOVERY_TEXT);
      }
    }
    return wallet;
  }

  function connect(user: User): Promise<EmbeddedWalletInfo> {
    const wallet = walletOrFail(user);
    let pending = connections.get(wallet.address);
    if (!pending) {
      const attempt = connectOnce(wallet);
      attempt.catch(() => {
        if (connections.get(wallet.address) === attempt) connections.delete(wallet.address);
      });
      connections.set(wallet.address, attempt);
      pending = attempt;
    }
    return pending;
  }

  async function rpc(user: User, request: Parameters<EmbeddedWalletBridge['rpc']>[0]['request']): Promise<Address> {
    const wallet = await connect(user);
    const accessToken = await tokenOrFail(client);
    const { result } = await bridge.rpc({ accessToken, address: wallet.address, request });
    return result;
  }

  return {
    registerDevice,
    reset() {
      generation += 1;
      connections.clear();
      heldGrant = null;
      registering = null;
    },
    async createForUser(user, createOptions = {}) {
      if (embeddedWalletOf(user)) return user;
      const started = generation;
      // The wallet is created by this device: its key must be registered first (docs/custody.md).
      await deviceRegistered();
      const accessToken = await tokenOrFail(client);
      const data =
        createOptions.password === undefined
          ? { accessToken, recoveryMethod: 'latch' as const }
          : { accessToken, recoveryMethod: 'user-passcode' as const, password: createOptions.password };
      const wait = createOptions.readyTimeoutMs ?? TIMEOUT.walletProxyDirect;
      const frame = createOptions.importDisplay ? ((await bridge.load?.()) ?? bridge) : null;
      if (frame && !frame.importWallet) throw new LatchError('internal_error', 'This wallet frame cannot import.');
      const created = frame?.importWallet
        ? await frame.importWallet({ accessToken, display: createOptions.importDisplay }, wait)
        : await bridge.create(data, wait);
      const refreshed = await refreshedUserWith(client, created.address);
      const wallet = walletOrFail(refreshed);
      // The frame that created the wallet holds it unlocked: no connect round trip needed.
      if (generation === started) connections.set(wallet.address, Promise.resolve(wallet));
      return refreshed;
    },
    connect,
    remember(wallet) {
      connections.set(wallet.address, Promise.resolve(wallet));
    },
    signMessage(user, message) {
      if (typeof message !== 'string' || message.length === 0) return Promise.reject(new LatchError('invalid_message'));
      return rpc(user, { method: 'personal_sign', params: [message, walletOrFail(user).address] });
    },
    signTypedData(user, typedData) {
      return rpc(user, { method: 'eth_signTypedData_v4', params: [walletOrFail(user).address, typedData] });
    },
  };
}
