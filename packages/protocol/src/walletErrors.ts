// The texts of the frame's error replies, as the frame sends them and the SDK maps them (core's
// toEmbeddedWalletError, loaded with the bridge); exported by `@latch/protocol/frame`.
import type { WalletProxyErrorType } from './walletEvents.js';

/** SPEC §8 "Wallet and recovery": the texts of wallet errors, as the frame sends them and the SDK shows them. */
export const WALLET_ERROR_TEXT = {
  /** For errors the user cannot act on (and anything not ours, which never passes through). */
  generic: 'An error has occurred, please try again.',
} as const;

/** True when an error reply means a wrong recovery password (SPEC §8 "Wallet and recovery"). */
export function isWrongRecoveryPassword(type: WalletProxyErrorType): boolean {
  return type === 'invalid_recovery_pin' || type === 'invalid_request_arguments';
}
