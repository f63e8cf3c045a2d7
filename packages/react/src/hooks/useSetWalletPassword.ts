import type { User } from '@latch/protocol';
import { useCallback } from 'react';
import { useEmbeddedWalletRuntime } from './index.js';

/**
 * Lets the user set a recovery password on their embedded wallet — or reset it when it has one —
 * through the password screens. Resolves with the updated user (recoveryMethod 'user-passcode');
 * rejects with message 'user_exited_set_password_flow' when the user cancels.
 */
export function useSetWalletPassword(): { setWalletPassword(): Promise<User> } {
  const runtime = useEmbeddedWalletRuntime();
  const setWalletPassword = useCallback(() => runtime.walletFlows.setPassword(), [runtime]);
  return { setWalletPassword };
}
