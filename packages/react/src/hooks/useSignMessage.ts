import type { SignUiOptions } from '@latch/core';
import type { LatchError } from '@latch/protocol';
import { useCallback, useRef } from 'react';
import { useHostCall } from './useHostCall.js';
import { useWalletForAddress } from './useWalletForAddress.js';

/** Which wallet signs: `address` picks one of the user's wallets in this page (default: the embedded wallet). */
export interface SignOptions {
  address?: string;
  /**
   * The embedded wallet's EMBEDDED_WALLET_SIGN_REQUEST_SCREEN texts for this call (title, description, button text),
   * shown as given in place of SPEC's defaults; an external wallet shows its own.
   */
  uiOptions?: SignUiOptions;
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
          const wallet = await walletFor(options?.address);
          if (wallet.kind === 'embedded') return await wallet.provider.signMessage(message, options?.uiOptions);
          return (await wallet.provider.request({
            method: 'personal_sign',
            params: [message, wallet.address],
          })) as `0x${string}`;
        },
        (error) => latest.current.onError?.(error),
        SIGN_KEEPS,
      ),
    [walletFor, hostCall],
  );
  return { signMessage };
}
