import { useCallback } from 'react';
import { useEmbeddedWalletRuntime } from './index.js';

/** Signs EIP-712 typed data with the embedded wallet through the sign request screen (eth_signTypedData_v4). */
export function useSignTypedData(): { signTypedData(typedData: Record<string, unknown>): Promise<`0x${string}`> } {
  const runtime = useEmbeddedWalletRuntime();
  const signTypedData = useCallback(
    async (typedData: Record<string, unknown>) => {
      const [address] = (await runtime.provider.request({ method: 'eth_accounts' })) as string[];
      return (await runtime.provider.request({
        method: 'eth_signTypedData_v4',
        params: [address, typedData],
      })) as `0x${string}`;
    },
    [runtime],
  );
  return { signTypedData };
}
