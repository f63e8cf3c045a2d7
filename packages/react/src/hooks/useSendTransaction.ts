import type { SendTransactionUiOptions, TransactionRequest } from '@latch/core';
import { useCallback, useRef } from 'react';
import { rpcTransaction, useWalletForAddress } from './useWalletForAddress.js';

/** What `useSendTransaction` calls back with. */
export interface UseSendTransactionCallbacks {
  /** The transaction was sent (and, with waitForTransactionConfirmation, mined). */
  onSuccess?(result: { hash: `0x${string}` }): void;
  /** It was not: the user's rejection (4001), insufficient funds, a failed or reverted send, … */
  onError?(error: unknown): void;
}

/** Options of a send or a transaction signature: the review screen's texts, and which wallet (default embedded). */
export interface TransactionOptions {
  /** SPEC §3's UI options of the embedded wallet's review screen (description, transactionInfo, contractInfo). */
  uiOptions?: SendTransactionUiOptions;
  /** One of the user's wallets in this page; another address fails with wallet_address_not_found. */
  address?: string;
}

/**
 * Sends a transaction: from the embedded wallet through EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN (with the UI
 * options), or from `options.address`'s external wallet; resolves with the hash and calls the latest callbacks.
 */
export function useSendTransaction(callbacks: UseSendTransactionCallbacks = {}): {
  sendTransaction(request: TransactionRequest, options?: TransactionOptions): Promise<{ hash: `0x${string}` }>;
} {
  const walletFor = useWalletForAddress();
  // The latest callbacks, so a caller's inline functions need no memoising.
  const latest = useRef(callbacks);
  latest.current = callbacks;
  const sendTransaction = useCallback(
    async (request: TransactionRequest, options?: TransactionOptions) => {
      try {
        const wallet = await walletFor(options?.address);
        const hash =
          wallet.kind === 'embedded'
            ? await wallet.provider.sendTransaction({ ...request }, options?.uiOptions)
            : ((await wallet.provider.request({
                method: 'eth_sendTransaction',
                params: [rpcTransaction(wallet.address, request)],
              })) as `0x${string}`);
        latest.current.onSuccess?.({ hash });
        return { hash };
      } catch (error) {
        latest.current.onError?.(error);
        throw error;
      }
    },
    [walletFor],
  );
  return { sendTransaction };
}
