/**
 * The embedded-wallet iframe event names and error types (SPEC §7, §8), without any schema (the valibot
 * schemas stay in walletMessages.ts); `@latch/protocol/frame` exports them, for the frame and the lazily loaded bridge (the SDK's side
 * of the error replies is walletErrors.ts).
 */

/** The product-specific prefix every iframe event name carries. */
export const WALLET_EVENT_PREFIX = 'latch:';

/** Every iframe event of SPEC §7, prefixed. */
export const WALLET_EVENT = {
  ready: 'latch:iframe:ready',
  walletCreate: 'latch:wallet:create',
  walletImport: 'latch:wallet:import',
  walletConnect: 'latch:wallet:connect',
  walletRecover: 'latch:wallet:recover',
  walletRpc: 'latch:wallet:rpc',
  walletSetRecoveryPassword: 'latch:wallet:set-recovery-password',
  /**
   * Not in SPEC §7, and always refused: the host cannot approve a signature, only a click on the frame's own
   * confirmation does. The frame answers this event with `transaction_not_approved`.
   */
  walletApproveTransaction: 'latch:wallet:approve-transaction',
  /** Not in SPEC §7: forget every unlocked key and seen token (the client sends it on logout and user change). */
  walletClear: 'latch:wallet:clear',
  /** Not in SPEC §7: register this frame's device key with the grant of a fresh login (docs/custody.md). */
  deviceRegister: 'latch:device:register',
  /** Not in SPEC §7: start a recovery OAuth round trip for a cloud backup (docs/cloud-backup.md). */
  walletCloudAuthInit: 'latch:wallet:cloud-auth-init',
  /** Not in SPEC §7: switch the wallet's recovery to a cloud backup (docs/cloud-backup.md). */
  walletSetRecoveryCloud: 'latch:wallet:set-recovery-cloud',
  mfaVerify: 'latch:mfa:verify',
  mfaInitEnrollment: 'latch:mfa:init-enrollment',
  mfaSubmitEnrollment: 'latch:mfa:submit-enrollment',
  mfaUnenroll: 'latch:mfa:unenroll',
  mfaClear: 'latch:mfa:clear',
  farcasterInitSigner: 'latch:farcaster:init-signer',
  farcasterSign: 'latch:farcaster:sign',
} as const;

/** The id of the frame's unsolicited ready announcement (a host may also ask with its own id). */
export const WALLET_READY_ANNOUNCEMENT_ID = 'latch:ready';

/** One iframe event name. */
export type WalletEvent = (typeof WALLET_EVENT)[keyof typeof WALLET_EVENT];

/** All event names, for schemas and routing tables. */
export const WALLET_EVENTS = Object.values(WALLET_EVENT) as readonly WalletEvent[];

/** The wallet proxy error types of SPEC §8, the only `error.type` values a reply may carry. */
export const WALLET_PROXY_ERROR_TYPES = [
  'error',
  'invalid_request_arguments',
  'wallet_not_on_device',
  'invalid_recovery_pin',
  'insufficient_funds',
  'missing_or_invalid_mfa',
  'mfa_verification_max_attempts_reached',
  'mfa_timeout',
  'twilio_verification_failed',
  // An MFA change without its step-up record; the host opens the step-up screen and asks again.
  'step_up_required',
  // Not in SPEC §8: cloud backups (docs/cloud-backup.md). The file is missing or was deleted ('Try again'); the
  // provider account is not the backup's; a password cannot be set while recovery uses a cloud provider.
  'cloud_backup_not_found',
  'cloud_account_mismatch',
  'recovery_uses_cloud_provider',
  // Not in SPEC §8: the frame's confirmation was cancelled, or could not be shown.
  'approval_rejected',
  'approval_not_visible',
] as const;

/** One wallet proxy error type. */
export type WalletProxyErrorType = (typeof WALLET_PROXY_ERROR_TYPES)[number];

/** True when `value` looks like any Latch iframe message (cheap pre-filter for foreign traffic). */
export function isWalletMessage(value: unknown): value is { event: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { event?: unknown }).event === 'string' &&
    (value as { event: string }).event.startsWith(WALLET_EVENT_PREFIX)
  );
}
