import { ERROR_CATALOGUE, LatchError } from '@latch/protocol';
import { WALLET_ERROR_TEXT, type WalletProxyErrorType } from '@latch/protocol/frame';
import { CustodyError, type CustodyErrorCode } from './keys/custodyError.js';

/** SPEC §8 "Wallet and recovery": the generic text for errors the user cannot act on. */
export const GENERIC_WALLET_ERROR = WALLET_ERROR_TEXT.generic;

const CUSTODY_ERROR_TYPES: Partial<Record<CustodyErrorCode, WalletProxyErrorType>> = {
  wrong_password: 'invalid_recovery_pin',
  device_share_missing: 'wallet_not_on_device',
  invalid_message: 'invalid_request_arguments',
  invalid_typed_data: 'invalid_request_arguments',
  invalid_transaction: 'invalid_request_arguments',
  invalid_password: 'invalid_request_arguments',
  wrong_signer: 'invalid_request_arguments',
};

// SPEC §8's MFA errors keep their type, with the catalogue's text (never the server's words): checked
// before the 429 rule, since mfa_verification_max_attempts_reached is itself a 429.
const MFA_ERROR_TYPES = new Set<string>([
  'missing_or_invalid_mfa',
  'mfa_verification_max_attempts_reached',
  'mfa_timeout',
]);
const CLOUD_ERROR_TYPES = new Set<string>([
  'cloud_backup_not_found',
  'cloud_account_mismatch',
  'recovery_uses_cloud_provider',
]);
type CloudErrorType = 'cloud_backup_not_found' | 'cloud_account_mismatch' | 'recovery_uses_cloud_provider';
type MfaErrorType = 'missing_or_invalid_mfa' | 'mfa_verification_max_attempts_reached' | 'mfa_timeout';

/**
 * Maps anything a handler threw to a wire error `{ type, message }` with a SPEC §8 wallet proxy
 * type. Only our own error texts pass through (they never hold secrets); anything else is generic.
 */
export function toWalletError(error: unknown): { type: WalletProxyErrorType; message: string } {
  if (error instanceof CustodyError) {
    const type = CUSTODY_ERROR_TYPES[error.code];
    // Integrity failures (tampered shares, address mismatch) stay generic for the host page.
    return type ? { type, message: error.message } : { type: 'error', message: GENERIC_WALLET_ERROR };
  }
  if (error instanceof LatchError) {
    if (MFA_ERROR_TYPES.has(error.code)) {
      const type = error.code as MfaErrorType;
      return { type, message: ERROR_CATALOGUE[type].message };
    }
    // SPEC §8: a message containing 'code 429' is a rate limit.
    if (error.status === 429)
      return { type: 'error', message: `${ERROR_CATALOGUE.too_many_requests.message} (code 429)` };
    if (error.code === 'invalid_recovery_pin') return { type: 'invalid_recovery_pin', message: error.message };
    if (error.code === 'wallet_not_on_device') return { type: 'wallet_not_on_device', message: error.message };
    // An MFA change refused for want of a step-up: the host's step-up screen answers it.
    if (error.code === 'step_up_required') return { type: 'step_up_required', message: error.message };
    // Cloud backups: a missing or deleted file ('Try again'), another account than the backup's, no password.
    if (CLOUD_ERROR_TYPES.has(error.code)) return { type: error.code as CloudErrorType, message: error.message };
    // The confirmation's outcomes keep their own types: the widget turns a rejection into EIP-1193 4001.
    if (error.code === 'approval_rejected' || error.code === 'approval_not_visible')
      return { type: error.code, message: error.message };
    return { type: 'error', message: error.message };
  }
  return { type: 'error', message: GENERIC_WALLET_ERROR };
}
