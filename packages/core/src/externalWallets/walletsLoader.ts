import type { FlowRunner } from '../auth/flowRunner.js';
import type { FlowContext } from '../auth/flowTypes.js';
import type { LatchClient } from '../client.js';
import type { Clock } from '../clock.js';
import { createStore } from '../machine/createStore.js';
import type { WalletFlowHandlers } from './walletConnectionRunner.js';
import type { WalletRuntime } from './walletRuntime.js';

/** What the wallets need from the provider. */
export interface WalletsDeps {
  client: LatchClient;
  clock: Clock;
  /** The modal's flow runner: the wallet flow closes the modal, and closing the modal ends the wallet flow. */
  runner: FlowRunner;
  /** The host's outcome callbacks and the embedded-wallet creator. */
  handlers: () => Pick<WalletFlowHandlers, 'onComplete' | 'onExit' | 'onError' | 'createEmbeddedWallet'>;
  /** What the post-login steps need to know about the app (terms, embedded wallet). */
  flowContext(): FlowContext;
}

/**
 * The external wallets (discovery, connectors, the wallet connection flow, the connected list), created
 * the first time they are needed: their code is a lazily loaded chunk, out of the page's initial JavaScript.
 */
export interface WalletsLoader {
  /** The wallets once loaded, else null. */
  get(): WalletRuntime | null;
  /** Loads the wallet code (once) and creates the wallets. Never during SSR. */
  load(): Promise<WalletRuntime>;
  subscribe(listener: () => void): () => void;
  /** LINK_WALLET_SCREEN's hint: the address the user is asked to reconnect, or null. */
  linkHint(): string | null;
  setLinkHint(address: string | null): void;
  destroy(): void;
}

/** Creates the loader; nothing is imported or created until `load()` is called. */
export function createWalletsLoader(deps: WalletsDeps): WalletsLoader {
  const wallets = createStore<WalletRuntime | null>(null);
  let loading: Promise<WalletRuntime> | null = null;
  let destroyed = false;
  let hint: string | null = null;

  return {
    get: wallets.get,
    load() {
      loading ??= import('./walletRuntime.js').then((m) => {
        const created = m.createWalletRuntime(deps);
        if (destroyed) created.destroy();
        else wallets.set(created);
        return created;
      });
      return loading;
    },
    subscribe: wallets.subscribe,
    linkHint: () => hint,
    setLinkHint(address) {
      hint = address;
    },
    destroy() {
      destroyed = true;
      wallets.get()?.destroy();
      wallets.set(null);
    },
  };
}
