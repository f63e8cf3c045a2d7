import type { SendTransactionUiOptions, TransactionRequest } from '@latch/core';
import type { LatchError } from '@latch/protocol';
import { useCallback, useRef } from 'react';
import { useHostCall } from './useHostCall.js';
import { SIGN_KEEPS } from './useSignMessage.js';
import { rpcTransaction, useWalletForAddress } from './useWalletForAddress.js';

/** What `useSendTransaction` calls back with. */
export interface UseSendTransactionCallbacks {
  /** The transaction was sent (and, with waitForTransactionConfirmation, mined). */
  onSuccess?(result: { hash: `0x${string}` }): void;
  /**
   * It was not: SPEC §8's transaction_failure, with the finer code as `reason` (approval_rejected for the user's
   * rejection, insufficient_funds, transaction_failed, transaction_reverted, …), or embedded_wallet_not_found, …
   */
  onError?(error: LatchError): void;
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
  const hostCall = useHostCall();
  const sendTransaction = useCallback(
    async (request: TransactionRequest, options?: TransactionOptions) => {
      const hash = await hostCall(
        'transaction_failure',
        async () => {
          const wallet = await walletFor(options?.address);
          return wallet.kind === 'embedded'
            ? await wallet.provider.sendTransaction({ ...request }, options?.uiOptions)
            : ((await wallet.provider.request({
                method: 'eth_sendTransaction',
                params: [rpcTransaction(wallet.address, request)],
              })) as `0x${string}`);
        },
        (error) => latest.current.onError?.(error),
        SIGN_KEEPS,
      );
      latest.current.onSuccess?.({ hash });
      return { hash };
    },
    [walletFor, hostCall],
  );
  return { sendTransaction };
}
