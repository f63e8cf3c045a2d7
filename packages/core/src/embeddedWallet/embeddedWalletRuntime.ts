import { DELAY, TIMEOUT, type User } from '@latch/protocol';
import type { LatchClient } from '../client.js';
import type { Clock } from '../clock.js';
import { WalletProviderError } from '../externalWallets/eip1193.js';
import { createStore } from '../machine/createStore.js';
import type { EmbeddedWalletBridge } from './embeddedWalletBridge.js';
import {
  createEmbeddedWalletController,
  type EmbeddedWalletController,
  embeddedWalletOf,
} from './embeddedWalletController.js';
import { EMBEDDED_WALLET_ERROR_TEXT } from './embeddedWalletError.js';
import { createEmbeddedWalletProvider, type EmbeddedWalletProvider } from './embeddedWalletProvider.js';
import { createLazyEmbeddedWalletBridge } from './lazyEmbeddedWalletBridge.js';
import type { WalletExporter } from './walletExporter.js';
import { createWalletExportHandle } from './walletExportHandle.js';
import { createWalletFlows, type WalletFlows } from './walletFlows.js';

/** A signature waiting on EMBEDDED_WALLET_SIGN_REQUEST_SCREEN. */
export interface SignRequest {
  kind: 'message' | 'typedData';
  payload: unknown;
  status: 'pending' | 'signing' | 'success' | 'error';
  errorText: string | null;
}

/** The embedded wallet's UI state: this device's connection and the open sign request. */
export interface EmbeddedWalletState {
  connection: { address: string; status: 'connecting' | 'ready' | 'error' } | null;
  signRequest: SignRequest | null;
}

/** SPEC §8: a signature the user declined (EIP-1193 code 4001). */
export const USER_REJECTED_TEXT = 'The user rejected the request.';

/** The provider's embedded wallet: bridge, controller, EIP-1193 provider and the state the screens render. */
export interface EmbeddedWalletRuntime {
  getState(): EmbeddedWalletState;
  subscribe(listener: () => void): () => void;
  controller: EmbeddedWalletController;
  provider: EmbeddedWalletProvider;
  /** `exportWallet()` and EMBEDDED_WALLET_KEY_EXPORT_SCREEN's state. */
  exporter: WalletExporter;
  /** The password and recovery flows (screens load on first use). */
  walletFlows: WalletFlows;
  /** The post-login creator (creation-flow timeouts). */
  createOnLogin(user: User): Promise<User>;
  /**
   * Follows the signed-in user: registers this device after a login, connects (or recovers) the
   * wallet, and on logout or another user clears and removes the frame; returns the unsubscribe.
   */
  watch(): () => void;
  approveSignRequest(): void;
  rejectSignRequest(): void;
  destroy(): void;
}

/** Builds the runtime for a client; touches no browser global until the frame is first needed. */
export function createEmbeddedWalletRuntime(options: {
  client: LatchClient;
  apiUrl: string;
  appId: string;
  clientId?: string;
  clock: Clock;
  /** The frame bridge (tests pass a scripted one); default: the hidden iframe. */
  bridge?: EmbeddedWalletBridge;
  /** The host's `embeddedWallets.noPromptOnSignature` (read per request); unset: the app config's. */
  noPromptOnSignature?: () => boolean | undefined;
}): EmbeddedWalletRuntime {
  const { client, clock } = options;
  const bridge =
    options.bridge ??
    createLazyEmbeddedWalletBridge({
      apiUrl: options.apiUrl,
      appId: options.appId,
      clientId: options.clientId,
      analyticsId: client.analyticsId(),
      clock,
    });
  // A password wallet on a new device goes to EMBEDDED_WALLET_PASSWORD_RECOVERY_SCREEN.
  const controller = createEmbeddedWalletController(client, bridge, {
    onPasswordRecoveryNeeded: (wallet) => walletFlows.recover(wallet),
  });
  const store = createStore<EmbeddedWalletState>({ connection: null, signRequest: null });
  const walletFlows = createWalletFlows({
    client,
    clock,
    controller: () => controller,
    bridge,
    isConnected: (address) => {
      const { connection } = store.get();
      return connection?.address === address && connection.status === 'ready';
    },
  });
  const update = (patch: Partial<EmbeddedWalletState>) => store.set({ ...store.get(), ...patch });

  // The one sign request on screen and how to settle it.
  let pendingSign: { run(): Promise<unknown>; resolve(value: unknown): void; reject(error: unknown): void } | null =
    null;
  let closeTimer: unknown = null;
  let failure: unknown = null;

  function requestSignature<T>(kind: SignRequest['kind'], payload: unknown, run: () => Promise<T>): Promise<T> {
    // noPromptOnSignature (SPEC §3): sign at once, without EMBEDDED_WALLET_SIGN_REQUEST_SCREEN.
    const noPrompt =
      options.noPromptOnSignature?.() ?? client.getState().config?.embeddedWallets.noPromptOnSignature ?? false;
    if (noPrompt) return run();
    if (pendingSign) pendingSign.reject(new WalletProviderError(4001, USER_REJECTED_TEXT));
    clock.clearTimeout(closeTimer);
    failure = null;
    return new Promise<T>((resolve, reject) => {
      pendingSign = { run, resolve: resolve as (value: unknown) => void, reject };
      update({ signRequest: { kind, payload, status: 'pending', errorText: null } });
    });
  }

  const provider = createEmbeddedWalletProvider({
    getUser: () => client.getState().user,
    controller,
    sign: requestSignature,
  });

  const exporter = createWalletExportHandle({
    getUser: () => client.getState().user,
    controller,
    clock,
    page: {
      apiUrl: options.apiUrl,
      appId: options.appId,
      clientId: options.clientId,
      analyticsId: client.analyticsId(),
    },
  });

  /** Whether a login's grant goes to the frame at once: when a wallet will be created or connected now. */
  const registersAtLogin = (user: User) =>
    (client.getState().config?.embeddedWallets.createOnLogin ?? 'off') !== 'off' || embeddedWalletOf(user) !== null;

  /**
   * Logout or another user: nothing of the previous user's wallet may stay able to sign. The frame is
   * told to forget its keys and is removed (its memory goes with it); the next user mounts a fresh one.
   */
  const teardown = () => {
    controller.reset();
    pendingSign?.reject(new WalletProviderError(4001, USER_REJECTED_TEXT));
    pendingSign = null;
    failure = null;
    clock.clearTimeout(closeTimer);
    exporter.close();
    void bridge.clear().catch(() => undefined);
    bridge.destroy();
    update({ connection: null, signRequest: null });
  };

  const connect = (user: User) => {
    const wallet = embeddedWalletOf(user);
    if (!wallet || store.get().connection?.address === wallet.address) return;
    update({ connection: { address: wallet.address, status: 'connecting' } });
    controller.connect(user).then(
      () => update({ connection: { address: wallet.address, status: 'ready' } }),
      () => update({ connection: { address: wallet.address, status: 'error' } }),
    );
  };

  return {
    getState: store.get,
    subscribe: store.subscribe,
    controller,
    provider,
    exporter,
    walletFlows,
    async createOnLogin(user) {
      // SPEC §4: required user-owned recovery takes the screen path (selection → password).
      const screens =
        client.getState().config?.embeddedWallets.requireUserOwnedRecoveryOnCreate && !embeddedWalletOf(user);
      const refreshed = screens
        ? await walletFlows.create(user)
        : await controller.createForUser(user, { readyTimeoutMs: TIMEOUT.walletProxyInCreationFlow });
      const wallet = embeddedWalletOf(refreshed);
      if (wallet) update({ connection: { address: wallet.address, status: 'ready' } });
      return refreshed;
    },
    watch() {
      let owner: string | null = null;
      const check = () => {
        const { user } = client.getState();
        const id = user?.id ?? null;
        if (owner !== null && id !== owner) teardown();
        owner = id;
        if (!user) return;
        // Eager only when the frame is needed now; otherwise the first create registers (controller).
        if (client.hasDeviceGrant() && registersAtLogin(user)) controller.registerDevice().catch(() => undefined);
        connect(user);
      };
      check();
      return client.subscribe(check);
    },
    approveSignRequest() {
      const request = store.get().signRequest;
      const sign = pendingSign;
      if (!request || !sign || request.status === 'signing' || request.status === 'success') return;
      update({ signRequest: { ...request, status: 'signing', errorText: null } });
      sign.run().then(
        (signature) => {
          pendingSign = null;
          sign.resolve(signature);
          update({ signRequest: { ...request, status: 'success', errorText: null } });
          closeTimer = clock.setTimeout(() => update({ signRequest: null }), DELAY.successClose);
        },
        (error: unknown) => {
          failure = error;
          update({ signRequest: { ...request, status: 'error', errorText: EMBEDDED_WALLET_ERROR_TEXT } });
        },
      );
    },
    rejectSignRequest() {
      const request = store.get().signRequest;
      if (!request) return;
      // Closing after a failure reports that failure; closing before signing is a rejection (4001).
      if (request.status !== 'success')
        pendingSign?.reject(failure ?? new WalletProviderError(4001, USER_REJECTED_TEXT));
      failure = null;
      pendingSign = null;
      clock.clearTimeout(closeTimer);
      update({ signRequest: null });
    },
    destroy() {
      pendingSign?.reject(new WalletProviderError(4001, USER_REJECTED_TEXT));
      pendingSign = null;
      clock.clearTimeout(closeTimer);
      walletFlows.destroy();
      exporter.destroy();
      bridge.destroy();
      store.close();
    },
  };
}
