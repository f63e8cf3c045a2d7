import type { SendTransactionUiOptions } from '@latch/core';
import { useCallback, useRef } from 'react';
import { useEmbeddedWalletRuntime } from './index.js';

/** What `useSendTransaction` calls back with. */
export interface UseSendTransactionCallbacks {
  /** The transaction was sent (and, with waitForTransactionConfirmation, mined). */
  onSuccess?(result: { hash: `0x${string}` }): void;
  /** It was not: the user's rejection (4001), insufficient funds, a failed or reverted send, … */
  onError?(error: unknown): void;
}

/**
 * Sends a transaction from the embedded wallet through EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN (with SPEC §3's
 * UI options: description, transactionInfo, contractInfo); resolves with the hash and calls the latest callbacks.
 */
export function useSendTransaction(callbacks: UseSendTransactionCallbacks = {}): {
  sendTransaction(
    request: Record<string, unknown>,
    uiOptions?: SendTransactionUiOptions,
  ): Promise<{ hash: `0x${string}` }>;
} {
  const runtime = useEmbeddedWalletRuntime();
  // The latest callbacks, so a caller's inline functions need no memoising.
  const latest = useRef(callbacks);
  latest.current = callbacks;
  const sendTransaction = useCallback(
    async (request: Record<string, unknown>, uiOptions?: SendTransactionUiOptions) => {
      try {
        const hash = await runtime.provider.sendTransaction(request, uiOptions);
        latest.current.onSuccess?.({ hash });
        return { hash };
      } catch (error) {
        latest.current.onError?.(error);
        throw error;
      }
    },
    [runtime],
  );
  return { sendTransaction };
}
