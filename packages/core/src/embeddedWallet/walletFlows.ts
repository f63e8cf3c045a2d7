import type { User } from '@latch/protocol';
import type { LatchClient } from '../client.js';
import type { Clock } from '../clock.js';
import { createStore } from '../machine/createStore.js';
import type { EmbeddedWalletBridge } from './embeddedWalletBridge.js';
import type { EmbeddedWalletController, EmbeddedWalletInfo } from './embeddedWalletController.js';
import type { WalletFlowSession } from './walletFlowSession.js';

/** What the wallet flows need from the runtime. */
export interface WalletFlowDeps {
  client: LatchClient;
  clock: Clock;
  controller(): EmbeddedWalletController;
  bridge: EmbeddedWalletBridge;
  /** True when this device has the wallet unlocked (no connecting screen needed). */
  isConnected(address: string): boolean;
}

/**
 * The password and recovery flows of the embedded wallet, as the (initial) runtime sees them: a
 * handle whose session — machine, screens' rules, zxcvbn — loads on first use.
 */
export interface WalletFlows {
  /** True while a flow shows a screen. */
  isOpen(): boolean;
  subscribe(listener: () => void): () => void;
  /** The loaded session (null before first use). */
  session(): WalletFlowSession | null;
  /**
   * EMBEDDED_WALLET_PASSWORD_RECOVERY_SCREEN for a password wallet on a new device, EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN
   * for a cloud-backed one; resolves once recovered.
   */
  recover(wallet: EmbeddedWalletInfo): Promise<void>;
  /** The screen path of creation (recovery selection → password); resolves with the refreshed user. */
  create(user: User): Promise<User>;
  /** The user-initiated password flow (set, or reset when the wallet has one); resolves with the refreshed user. */
  setPassword(): Promise<User>;
  /** The user-initiated choice of a recovery method (the selection screen); resolves with the refreshed user. */
  setRecovery(): Promise<User>;
  destroy(): void;
}

/** Creates the lazy handle. */
export function createWalletFlows(deps: WalletFlowDeps): WalletFlows {
  const open = createStore(false);
  let loading: Promise<WalletFlowSession> | undefined;
  let loaded: WalletFlowSession | null = null;
  const load = () =>
    (loading ??= import('./walletFlowSession.js').then(async (module) => {
      const session = await module.createWalletFlowSession(deps);
      session.runner.subscribe(() => open.set(session.runner.getState().screen !== null));
      loaded = session;
      return session;
    }));
  return {
    isOpen: open.get,
    subscribe: open.subscribe,
    session: () => loaded,
    recover: (wallet) => load().then((s) => s.recover(wallet)),
    create: (user) => load().then((s) => s.create(user)),
    setPassword: () => load().then((s) => s.setPassword()),
    setRecovery: () => load().then((s) => s.setRecovery()),
    destroy() {
      // A session still loading is destroyed as soon as it arrives.
      loading?.then(
        (s) => s.destroy(),
        () => undefined,
      );
      open.close();
    },
  };
}
