import type { KeyExportState } from '@latch/core';
import { useSyncExternalStore } from 'react';
import { useEmbeddedWalletRuntime } from './useEmbeddedWalletRuntime.js';

/** The open key export (null when none), bound with useSyncExternalStore. */
export function useKeyExportState(): KeyExportState | null {
  const { exporter } = useEmbeddedWalletRuntime();
  return useSyncExternalStore(exporter.subscribe, exporter.getState, exporter.getState);
}
