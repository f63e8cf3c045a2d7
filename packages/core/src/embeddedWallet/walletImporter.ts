import { LatchError, type User } from '@latch/protocol';
import type { FlowClock } from '../machine/flowClock.js';
import { createMachineCore } from '../machine/machineCore.js';
import type { EmbeddedWalletController } from './embeddedWalletController.js';
import {
  type WalletImportEffect,
  type WalletImportEvent,
  type WalletImportState,
  walletImportTransition,
} from './walletImportFlow.js';

/** `importWallet()` and the state the import screen renders. */
export interface WalletImporter {
  getState(): WalletImportState | null;
  subscribe(listener: () => void): () => void;
  /** Opens the import screen for `user` (who has no wallet); resolves with the refreshed user once imported. */
  importWallet(user: User): Promise<User>;
  /** The screen's events: `placed` (with its display hints) and `close`. */
  dispatch(event: WalletImportEvent): void;
  close(): void;
  destroy(): void;
}

/** Options of `createWalletImporter`. */
export interface WalletImporterOptions {
  controller: Pick<EmbeddedWalletController, 'createForUser'>;
  /** Mounts the wallet frame and waits for it (SPEC's 15000 ms): the screen can only place a frame that exists. */
  mount(): Promise<void>;
  clock: FlowClock;
  /** The refreshed user after an import (the runtime connects its wallet). */
  onImported?(user: User): void;
}

/** Runs the pure import (walletImportFlow.ts): the frame's own form reads the key; only its address comes back. */
export function createWalletImporter(options: WalletImporterOptions): WalletImporter {
  const waiters = new Map<number, { user: User; resolve(user: User): void; reject(error: unknown): void }>();
  const imported = new Map<number, User>();
  let nextRun = 0;
  const machine = createMachineCore<WalletImportState | null, WalletImportEvent, WalletImportEffect>({
    initial: null,
    transition: walletImportTransition,
    clock: options.clock,
    run(effect) {
      const waiter = waiters.get(effect.run);
      if (!waiter) return;
      if (effect.type === 'mount') {
        options.mount().catch((error: unknown) => machine.dispatch({ type: 'failed', run: effect.run, error }));
        return;
      }
      if (effect.type === 'import') {
        const importing = options.controller.createForUser(waiter.user, { importDisplay: effect.display });
        return machine.settle(
          importing.then((user) => {
            imported.set(effect.run, user);
            options.onImported?.(user);
          }),
          () => ({ type: 'imported', run: effect.run }),
          (error) => ({ type: 'failed', run: effect.run, error }),
        );
      }
      waiters.delete(effect.run);
      const user = imported.get(effect.run);
      imported.delete(effect.run);
      if (effect.error === undefined && user) waiter.resolve(user);
      else waiter.reject(effect.error instanceof Error ? effect.error : new LatchError('client_request_cancelled'));
    },
  });
  const close = () => machine.dispatch({ type: 'close' });
  return {
    getState: machine.getState,
    subscribe: machine.subscribe,
    importWallet(user) {
      const run = ++nextRun;
      return new Promise<User>((resolve, reject) => {
        waiters.set(run, { user, resolve, reject });
        machine.dispatch({ type: 'open', run });
      });
    },
    dispatch: machine.dispatch,
    close,
    destroy() {
      close();
      machine.cancelTimers();
    },
  };
}
