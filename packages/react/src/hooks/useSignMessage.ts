import { useCallback } from 'react';
import { useWalletForAddress } from './useWalletForAddress.js';

/** Which wallet signs: `address` picks one of the user's wallets in this page (default: the embedded wallet). */
export interface SignOptions {
  address?: string;
}

/** Signs a message (personal_sign): the embedded wallet through EMBEDDED_WALLET_SIGN_REQUEST_SCREEN, or `address`'s wallet. */
export function useSignMessage(): { signMessage(message: string, options?: SignOptions): Promise<`0x${string}`> } {
  const walletFor = useWalletForAddress();
  const signMessage = useCallback(
    async (message: string, options?: SignOptions) => {
      const { address, provider } = await walletFor(options?.address);
      return (await provider.request({ method: 'personal_sign', params: [message, address] })) as `0x${string}`;
    },
    [walletFor],
  );
  return { signMessage };
}
