import type { User } from '@latch/protocol';
import { useCallback } from 'react';
import { useEmbeddedWalletRuntime } from './index.js';
import { useHostCall } from './useHostCall.js';

/**
 * Lets the user set a recovery password on their embedded wallet — or reset it when it has one —
 * through the password screens. Resolves with the updated user (recoveryMethod 'user-passcode');
 * rejects with message 'user_exited_set_password_flow' when the user cancels, embedded_wallet_recovery_already_exists
 * when a cloud backup is its recovery, else SPEC §8's unknown_embedded_wallet_error (the finer code as `reason`);
 * the provider's `onError` hears each.
 */
export function useSetWalletPassword(): { setWalletPassword(): Promise<User> } {
  const runtime = useEmbeddedWalletRuntime();
  const hostCall = useHostCall();
  const setWalletPassword = useCallback(
    () => hostCall('unknown_embedded_wallet_error', () => runtime.walletFlows.setPassword()),
    [runtime, hostCall],
  );
  return { setWalletPassword };
}
