import type { EmbeddedWalletRuntime, EmbeddedWalletState } from '@latch/core';
import { useSyncExternalStore } from 'react';
import { useLatchContext } from '../LatchContext.js';

/** The core's embedded wallet runtime, or a clear error outside a LatchProvider. */
export function useEmbeddedWalletRuntime(): EmbeddedWalletRuntime {
  return useLatchContext().latch.embeddedWallet;
}

/** The embedded wallet's UI state, bound with useSyncExternalStore. */
export function useEmbeddedWalletState(): EmbeddedWalletState {
  const runtime = useEmbeddedWalletRuntime();
  return useSyncExternalStore(runtime.subscribe, runtime.getState, runtime.getState);
}
