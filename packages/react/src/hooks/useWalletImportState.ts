import type { WalletImportState } from '@latch/core';
import { useSyncExternalStore } from 'react';
import { useEmbeddedWalletRuntime } from './useEmbeddedWalletRuntime.js';

/** The open wallet import (null when none), bound with useSyncExternalStore. */
export function useWalletImportState(): WalletImportState | null {
  const { importer } = useEmbeddedWalletRuntime();
  return useSyncExternalStore(importer.subscribe, importer.getState, importer.getState);
}
