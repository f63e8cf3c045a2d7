import { useCallback, useRef } from 'react';
import { useHostCall } from './useHostCall.js';
import { SIGN_KEEPS, type SignCallbacks, type SignOptions } from './useSignMessage.js';
import { useWalletForAddress } from './useWalletForAddress.js';

const jsonBigInt = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);

/**
 * Signs EIP-712 typed data (eth_signTypedData_v4): the embedded wallet through the sign request screen, or
 * `address`'s wallet. A failure rejects with SPEC §8's code (unable_to_sign, the finer code as `reason`).
 */
export function useSignTypedData(callbacks: SignCallbacks = {}): {
  signTypedData(typedData: Record<string, unknown>, options?: SignOptions): Promise<`0x${string}`>;
} {
  const walletFor = useWalletForAddress();
  const hostCall = useHostCall();
  const latest = useRef(callbacks);
  latest.current = callbacks;
  const signTypedData = useCallback(
    (typedData: Record<string, unknown>, options?: SignOptions) =>
      hostCall(
        'unable_to_sign',
        async () => {
          const wallet = await walletFor(options?.address);
          // The sign screen shows the object; external wallets take the typed data as a JSON string (MetaMask's form).
          if (wallet.kind === 'embedded') return await wallet.provider.signTypedData(typedData, options?.uiOptions);
          return (await wallet.provider.request({
            method: 'eth_signTypedData_v4',
            params: [wallet.address, JSON.stringify(typedData, jsonBigInt)],
          })) as `0x${string}`;
        },
        (error) => latest.current.onError?.(error),
        SIGN_KEEPS,
      ),
    [walletFor, hostCall],
  );
  return { signTypedData };
}
