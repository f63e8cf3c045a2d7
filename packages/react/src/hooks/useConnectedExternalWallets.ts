import type { ConnectedWallet as ExternalConnection } from '@latch/core/wallet';
import { useSyncExternalStore } from 'react';
import { useLatchContext } from './index.js';

const none = (): null => null;
const NO_WALLETS: ExternalConnection[] = [];
const noop = () => () => {};

/** The external wallets connected in this page (empty until the wallet code has loaded). */
export function useConnectedExternalWallets(): ExternalConnection[] {
  const { wallets } = useLatchContext();
  const connected = useSyncExternalStore(wallets.subscribe, wallets.get, none)?.connected;
  return useSyncExternalStore(
    connected ? connected.subscribe : noop,
    connected ? connected.list : () => NO_WALLETS,
    () => NO_WALLETS,
  );
}
