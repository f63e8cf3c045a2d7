import type { TransactionRequest } from '@latch/core';
import { useCallback, useRef } from 'react';
import { useHostCall } from './useHostCall.js';
import type { TransactionOptions } from './useSendTransaction.js';
import { SIGN_KEEPS, type SignCallbacks } from './useSignMessage.js';
import { rpcTransaction, useWalletForAddress } from './useWalletForAddress.js';

/**
 * Signs a transaction without sending it (eth_signTransaction): the embedded wallet shows the same review as a
 * send (with the UI options) and the wallet frame its own approval; `options.address` picks an external wallet.
 * A failure rejects with SPEC §8's code (unable_to_sign, the finer code as `reason`).
 */
export function useSignTransaction(callbacks: SignCallbacks = {}): {
  signTransaction(request: TransactionRequest, options?: TransactionOptions): Promise<{ signature: `0x${string}` }>;
} {
  const walletFor = useWalletForAddress();
  const hostCall = useHostCall();
  const latest = useRef(callbacks);
  latest.current = callbacks;
  const signTransaction = useCallback(
    (request: TransactionRequest, options?: TransactionOptions) =>
      hostCall(
        'unable_to_sign',
        async () => {
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
        (error) => latest.current.onError?.(error),
        SIGN_KEEPS,
      ),
    [walletFor, hostCall],
  );
  return { signTransaction };
}
