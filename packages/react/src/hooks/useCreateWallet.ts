import type { LatchError, User } from '@latch/protocol';
import { useCallback, useRef } from 'react';
import { useLatchContext } from './index.js';

/** What useCreateWallet calls back with: the user holding the new wallet, or the error its promise rejects with. */
export interface CreateWalletCallbacks {
  onSuccess?(user: User): void;
  onError?(error: LatchError): void;
}

/**
 * Creates the user's embedded wallet on demand (apps with `createOnLogin` 'off'): resolves with the user holding it.
 * Rejects with embedded_wallet_already_exists when the user has one, must_be_authenticated when signed out, else SPEC
 * §8's unknown_embedded_wallet_error (the finer code as `reason`); the provider's `onError` hears the SPEC §8 events.
 */
export function useCreateWallet(callbacks: CreateWalletCallbacks = {}): { createWallet(): Promise<User> } {
  const { latch } = useLatchContext();
  const latest = useRef(callbacks);
  latest.current = callbacks;
  const createWallet = useCallback(
    () =>
      latch.createWallet().then(
        (user) => {
          latest.current.onSuccess?.(user);
          return user;
        },
        (error: LatchError) => {
          latest.current.onError?.(error);
          throw error;
        },
      ),
    [latch],
  );
  return { createWallet };
}
