import { useCallback } from 'react';
import type { SignOptions } from './useSignMessage.js';
import { useWalletForAddress } from './useWalletForAddress.js';

const jsonBigInt = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);

/** Signs EIP-712 typed data (eth_signTypedData_v4): the embedded wallet through the sign request screen, or `address`'s wallet. */
export function useSignTypedData(): {
  signTypedData(typedData: Record<string, unknown>, options?: SignOptions): Promise<`0x${string}`>;
} {
  const walletFor = useWalletForAddress();
  const signTypedData = useCallback(
    async (typedData: Record<string, unknown>, options?: SignOptions) => {
      const wallet = await walletFor(options?.address);
      // External wallets take the typed data as a JSON string (MetaMask's form); the sign screen shows the object.
      const data = wallet.kind === 'embedded' ? typedData : JSON.stringify(typedData, jsonBigInt);
      return (await wallet.provider.request({
        method: 'eth_signTypedData_v4',
        params: [wallet.address, data],
      })) as `0x${string}`;
    },
    [walletFor],
  );
  return { signTypedData };
}
