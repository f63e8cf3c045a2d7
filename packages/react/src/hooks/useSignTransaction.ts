import type { TransactionRequest } from '@latch/core';
import { useCallback } from 'react';
import type { TransactionOptions } from './useSendTransaction.js';
import { rpcTransaction, useWalletForAddress } from './useWalletForAddress.js';

/**
 * Signs a transaction without sending it (eth_signTransaction): the embedded wallet shows the same review as a
 * send (with the UI options) and the wallet frame its own approval; `options.address` picks an external wallet.
 */
export function useSignTransaction(): {
  signTransaction(request: TransactionRequest, options?: TransactionOptions): Promise<{ signature: `0x${string}` }>;
} {
  const walletFor = useWalletForAddress();
  const signTransaction = useCallback(
    async (request: TransactionRequest, options?: TransactionOptions) => {
      const wallet = await walletFor(options?.address);
      const signature =
        wallet.kind === 'embedded'
          ? await wallet.provider.signTransaction({ ...request }, options?.uiOptions)
          : ((await wallet.provider.request({
              method: 'eth_signTransaction',
              params: [rpcTransaction(wallet.address, request)],
            })) as `0x${string}`);
      return { signature };
    },
    [walletFor],
  );
  return { signTransaction };
}
