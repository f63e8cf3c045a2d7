import { createContext, useContext, useSyncExternalStore } from 'react';
import type { EmbeddedWalletRuntime, EmbeddedWalletState } from './embeddedWalletRuntime.js';

/** The provider's embedded wallet runtime. */
export const EmbeddedWalletContext = createContext<EmbeddedWalletRuntime | null>(null);

/** The embedded wallet runtime, or a clear error outside a LatchProvider. */
export function useEmbeddedWalletRuntime(): EmbeddedWalletRuntime {
  const runtime = useContext(EmbeddedWalletContext);
  if (!runtime) throw new Error('Latch hooks must be used inside <LatchProvider>.');
  return runtime;
}

/** The embedded wallet's UI state, bound with useSyncExternalStore. */
export function useEmbeddedWalletState(): EmbeddedWalletState {
  const runtime = useEmbeddedWalletRuntime();
  return useSyncExternalStore(runtime.subscribe, runtime.getState, runtime.getState);
}
