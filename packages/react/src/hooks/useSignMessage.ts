import type { LatchError } from '@latch/protocol';
import { useCallback, useRef } from 'react';
import { useHostCall } from './useHostCall.js';
import { useWalletForAddress } from './useWalletForAddress.js';

/** Which wallet signs: `address` picks one of the user's wallets in this page (default: the embedded wallet). */
export interface SignOptions {
  address?: string;
}

/** What the sign hooks call back with on a failure (SPEC §8: unable_to_sign, embedded_wallet_not_found, …). */
export interface SignCallbacks {
  onError?(error: LatchError): void;
}

/** What a sign call rejects with itself rather than unable_to_sign: the caller named a wallet this page has not. */
export const SIGN_KEEPS = ['wallet_address_not_found'] as const;

/**
 * Signs a message (personal_sign): the embedded wallet through EMBEDDED_WALLET_SIGN_REQUEST_SCREEN, or `address`'s
 * wallet. A failure rejects with SPEC §8's code (unable_to_sign, the finer code as `reason`).
 */
export function useSignMessage(callbacks: SignCallbacks = {}): {
  signMessage(message: string, options?: SignOptions): Promise<`0x${string}`>;
} {
  const walletFor = useWalletForAddress();
  const hostCall = useHostCall();
  const latest = useRef(callbacks);
  latest.current = callbacks;
  const signMessage = useCallback(
    (message: string, options?: SignOptions) =>
      hostCall(
        'unable_to_sign',
        async () => {
          const { address, provider } = await walletFor(options?.address);
          return (await provider.request({ method: 'personal_sign', params: [message, address] })) as `0x${string}`;
        },
        (error) => latest.current.onError?.(error),
        SIGN_KEEPS,
      ),
    [walletFor, hostCall],
  );
  return { signMessage };
}
