import { DELAY, LatchError, type User } from '@latch/protocol';
import type { Clock } from '../clock.js';
import { createStore } from '../machine/createStore.js';
import { type EmbeddedWalletController, embeddedWalletOf } from './embeddedWalletController.js';
import { EMBEDDED_WALLET_ERROR_TEXT } from './embeddedWalletError.js';

/** The open key export: connecting (at least 1 s, SPEC §4), then the export screen. */
export interface KeyExportState {
  address: string;
  status: 'connecting' | 'ready' | 'error';
  errorText: string | null;
}

/** `exportWallet()` and the state EMBEDDED_WALLET_KEY_EXPORT_SCREEN renders. */
export interface WalletExporter {
  getState(): KeyExportState | null;
  subscribe(listener: () => void): () => void;
  /** Opens the export (connecting first); resolves when the user closes it. */
  exportWallet(): Promise<void>;
  /** Shows a failure of the export page on the screen. */
  fail(): void;
  /** Closes the export screen. */
  close(): void;
  destroy(): void;
  /** Where the export page lives (the app's server) and who asks. */
  page: ExportPageOptions;
}

/** The app and server of the export page. */
export interface ExportPageOptions {
  apiUrl: string;
  appId: string;
  clientId?: string;
  /** The client analytics id, the page's `caid` (SPEC §7). */
  analyticsId?: string;
}

/**
 * The key export's state: connects this device's wallet (recovering it on a new device), then
 * moves to the export screen no earlier than `DELAY.keyExportMinimum` after connecting began.
 */
export function createWalletExporter(options: {
  getUser(): User | null;
  controller: Pick<EmbeddedWalletController, 'connect'>;
  clock: Clock;
  page: ExportPageOptions;
}): WalletExporter {
  const { clock } = options;
  const store = createStore<KeyExportState | null>(null);
  let settle: (() => void) | null = null;
  let timer: unknown = null;
  let run = 0;
  const set = store.set;
  const close = () => {
    run += 1;
    clock.clearTimeout(timer);
    const done = settle;
    settle = null;
    set(null);
    done?.();
  };

  return {
    page: options.page,
    getState: store.get,
    subscribe: store.subscribe,
    exportWallet() {
      const user = options.getUser();
      if (!user) return Promise.reject(new LatchError('must_be_authenticated'));
      const wallet = embeddedWalletOf(user);
      if (!wallet) return Promise.reject(new LatchError('embedded_wallet_not_found'));
      close();
      const current = ++run;
      const startedAt = clock.now();
      set({ address: wallet.address, status: 'connecting', errorText: null });
      options.controller.connect(user).then(
        () => {
          if (current !== run) return;
          const wait = Math.max(0, startedAt + DELAY.keyExportMinimum - clock.now());
          timer = clock.setTimeout(() => {
            if (current === run) set({ address: wallet.address, status: 'ready', errorText: null });
          }, wait);
        },
        () => {
          if (current === run) set({ address: wallet.address, status: 'error', errorText: EMBEDDED_WALLET_ERROR_TEXT });
        },
      );
      return new Promise<void>((resolve) => {
        settle = resolve;
      });
    },
    fail() {
      const state = store.get();
      if (state) set({ ...state, status: 'error', errorText: EMBEDDED_WALLET_ERROR_TEXT });
    },
    close,
    destroy() {
      close();
      store.close();
    },
  };
}
