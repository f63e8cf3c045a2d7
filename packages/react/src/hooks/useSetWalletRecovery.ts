import type { User } from '@latch/protocol';
import { useCallback } from 'react';
import { useEmbeddedWalletRuntime } from './index.js';

/**
 * Lets the user choose their embedded wallet's recovery method again on EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN:
 * a backup to Google Drive or Apple iCloud (when the app enables them), or a password (not while recovery uses a
 * cloud provider, SPEC §5). Resolves with the updated user (its wallet's `recoveryMethod`); rejects with message
 * 'user_exited_set_recovery_flow' when the user closes the screens.
 */
export function useSetWalletRecovery(): { setWalletRecovery(): Promise<User> } {
  const runtime = useEmbeddedWalletRuntime();
  const setWalletRecovery = useCallback(() => runtime.walletFlows.setRecovery(), [runtime]);
  return { setWalletRecovery };
}
