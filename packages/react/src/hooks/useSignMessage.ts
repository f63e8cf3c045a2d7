import { useCallback } from 'react';
import { useEmbeddedWalletRuntime } from './index.js';

/** Signs with the embedded wallet through EMBEDDED_WALLET_SIGN_REQUEST_SCREEN (personal_sign). */
export function useSignMessage(): { signMessage(message: string): Promise<`0x${string}`> } {
  const runtime = useEmbeddedWalletRuntime();
  const signMessage = useCallback(
    async (message: string) => {
      const [address] = (await runtime.provider.request({ method: 'eth_accounts' })) as string[];
      return (await runtime.provider.request({ method: 'personal_sign', params: [message, address] })) as `0x${string}`;
    },
    [runtime],
  );
  return { signMessage };
}
