// The whole core entry, as every lazily loaded screen reaches it: the bundler then keeps the initial core
// code in one chunk instead of splitting it along what the wallet code happens to use (smaller gzip).
import '@latch/core';
import type { FlowContext } from '@latch/core';
import { assertCanConnectOrCreate, createExternalWallets, type ExternalWallets } from '@latch/core/wallet';
import type { WalletsDeps } from './walletsLoader.js';

/** The page's external wallets, with what the wallet screens need from the provider. */
export interface WalletRuntime extends ExternalWallets {
  /** The app's current flow context, for `select`. */
  flowContext(): FlowContext;
  /** SPEC §5: throws invalid_data unless the user is signed out with no connected wallets (connectOrCreateWallet). */
  assertCanConnectOrCreate(authenticated: boolean): void;
}

export { assertCanConnectOrCreate } from '@latch/core/wallet';

/**
 * Creates the page's external wallets (loaded lazily): the wallet flow reports to the host and closes the
 * modal when it is over; closing the modal mid flow (close button, Escape, backdrop) ends the wallet flow.
 */
export function createWalletRuntime(deps: WalletsDeps): WalletRuntime {
  const { runner } = deps;
  const wallets = createExternalWallets({
    actions: deps.client,
    clock: deps.clock,
    handlers: () => ({ ...deps.handlers(), onClose: () => runner.dispatch({ type: 'close' }) }),
  });
  const unsubscribe = runner.subscribe(() => {
    const { phase } = runner.getState();
    if (phase !== 'closing' && phase !== 'closed') return;
    if (wallets.runner.getState().status !== 'disconnected') wallets.runner.dispatch({ type: 'close' });
  });
  return {
    ...wallets,
    flowContext: deps.flowContext,
    assertCanConnectOrCreate: (authenticated) => assertCanConnectOrCreate(authenticated, wallets.connected.list()),
    destroy() {
      unsubscribe();
      wallets.destroy();
    },
  };
}
