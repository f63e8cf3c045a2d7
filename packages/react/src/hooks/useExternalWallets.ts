import type { WalletRuntime } from '@latch/core';
import { useEffect, useSyncExternalStore } from 'react';
import { useLatchContext } from './index.js';

const none = (): null => null;

/**
 * For the lazily loaded wallet UI only: the page's external wallets, null until their code has loaded;
 * with `load` (the default) it starts loading them after render.
 */
export function useExternalWallets(load = true): WalletRuntime | null {
  const { wallets } = useLatchContext();
  const current = useSyncExternalStore(wallets.subscribe, wallets.get, none);
  useEffect(() => {
    if (load) void wallets.load();
  }, [load, wallets]);
  return current;
}
