import { LatchError, type User } from '@latch/protocol';
import type { Clock } from '../clock.js';
import { createMachineCore } from '../machine/machineCore.js';
import { type EmbeddedWalletController, embeddedWalletOf } from './embeddedWalletController.js';
import {
  type KeyExportEffect,
  type KeyExportEvent,
  type KeyExportState,
  keyExportTransition,
} from './keyExportFlow.js';

export type { KeyExportState } from './keyExportFlow.js';

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
 * Runs the pure key export (keyExportFlow.ts): connects this device's wallet (recovering it on a new
 * device) and resolves each `exportWallet()` when its export ends.
 */
export function createWalletExporter(options: {
  getUser(): User | null;
  controller: Pick<EmbeddedWalletController, 'connect'>;
  clock: Clock;
  page: ExportPageOptions;
}): WalletExporter {
  const { clock } = options;
  const waiters = new Map<number, { user: User; resolve(): void }>();
  let nextRun = 0;
  const machine = createMachineCore<KeyExportState | null, KeyExportEvent, KeyExportEffect>({
    initial: null,
    transition: keyExportTransition,
    clock,
    run(effect) {
      switch (effect.type) {
        case 'connect': {
          const waiter = waiters.get(effect.run);
          if (!waiter) return;
          return machine.settle(
            options.controller.connect(waiter.user),
            () => ({ type: 'connected', run: effect.run, at: clock.now() }),
            () => ({ type: 'connectFailed', run: effect.run }),
          );
        }
        case 'finish': {
          const waiter = waiters.get(effect.run);
          waiters.delete(effect.run);
          return waiter?.resolve();
        }
        case 'after':
          return machine.after(effect.ms, effect.event);
        case 'cancelTimers':
          return machine.cancelTimers();
      }
    },
  });
  const close = () => machine.dispatch({ type: 'close' });

  return {
    page: options.page,
    getState: machine.getState,
    subscribe: machine.subscribe,
    exportWallet() {
      const user = options.getUser();
      if (!user) return Promise.reject(new LatchError('must_be_authenticated'));
      const wallet = embeddedWalletOf(user);
      if (!wallet) return Promise.reject(new LatchError('embedded_wallet_not_found'));
      const run = ++nextRun;
      return new Promise<void>((resolve) => {
        waiters.set(run, { user, resolve });
        machine.dispatch({ type: 'open', run, address: wallet.address, at: clock.now() });
      });
    },
    fail: () => machine.dispatch({ type: 'fail' }),
    close,
    destroy: close,
  };
}
