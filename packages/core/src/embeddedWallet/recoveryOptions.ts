import type { RecoveryMethod, UserOwnedRecoveryOption } from '@latch/protocol';

/** A recovery option on EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN. */
export interface RecoveryOptionView {
  method: UserOwnedRecoveryOption;
}

// Every option SPEC §2 names, in its order.
const ALL_OPTIONS: UserOwnedRecoveryOption[] = ['google-drive', 'icloud', 'user-passcode'];

/**
 * The selection screen's options, in SPEC's order: the app's, or the password alone when it lists none (a cloud
 * backup needs the app's own Google or CloudKit set-up, so it shows only when the app enables it). While the wallet's
 * recovery uses a cloud provider, the password is not offered (SPEC §5: it cannot be set then).
 */
export function recoveryOptions(
  configured: readonly UserOwnedRecoveryOption[],
  current: RecoveryMethod | null = null,
): RecoveryOptionView[] {
  const wanted = configured.length > 0 ? configured : ['user-passcode'];
  const cloud = current === 'google-drive' || current === 'icloud';
  return ALL_OPTIONS.filter((m) => wanted.includes(m) && !(cloud && m === 'user-passcode')).map((method) => ({
    method,
  }));
}
