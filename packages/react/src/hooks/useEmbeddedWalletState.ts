import type { EmbeddedWalletState } from '@latch/core';
import { useSyncExternalStore } from 'react';
import { useEmbeddedWalletRuntime } from './useEmbeddedWalletRuntime.js';

/** The embedded wallet's state (connection, sign request), bound with useSyncExternalStore. */
export function useEmbeddedWalletState(): EmbeddedWalletState {
  const runtime = useEmbeddedWalletRuntime();
  return useSyncExternalStore(runtime.subscribe, runtime.getState, runtime.getState);
}
