import type { EmbeddedWalletRuntime } from '@latch/core';
import { useLatchContext } from '../LatchContext.js';

/** The core's embedded wallet runtime (`latch.embeddedWallet`), or a clear error outside a LatchProvider. */
export function useEmbeddedWalletRuntime(): EmbeddedWalletRuntime {
  return useLatchContext().latch.embeddedWallet;
}
