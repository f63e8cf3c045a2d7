// What the SDK needs of the frame's error replies when it maps them (core's toEmbeddedWalletError), apart
// from the event names: protocol's index exports this file, and the frame's events stay in
// `@latch/protocol/frame` (walletEvents.ts), out of the host page's initial JavaScript.
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
