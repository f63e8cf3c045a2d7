/**
 * What the MFA flows tell the user, as codes (no English in the state machines): React's `mfaStrings`
 * turns each into SPEC §5/§8's text. `mfa_unknown_error` reads 'Something went wrong.' in the prompt and
 * 'Unknown error' in enrolment (SPEC §8).
 */
export type MfaErrorCode =
  /** SPEC §5: 'Passcode can only be numbers'. */
  | 'mfa_code_not_numeric'
  /** SPEC §5: 'Passcode must be exactly 6 numbers'. */
  | 'mfa_code_wrong_length'
  /** SPEC §8: 'The code you entered is not valid' (the server's `missing_or_invalid_mfa`). */
  | 'mfa_invalid_code'
  /** SPEC §8 max attempts (blocking). */
  | 'mfa_verification_max_attempts_reached'
  /** SPEC §8 code-entry time limit (blocking). */
  | 'mfa_timeout'
  /** SPEC §8: 'Verification canceled'. */
  | 'mfa_canceled'
  /** SPEC §8 passkey: 'Passkey request timed out or rejected by user.' */
  | 'passkey_not_allowed'
  /** SPEC §8: a rate limit. */
  | 'too_many_requests'
  /** SPEC §8: anything else. */
  | 'mfa_unknown_error';

/** The code-entry problems (SPEC §5). */
export type MfaCodeErrorCode = 'mfa_code_not_numeric' | 'mfa_code_wrong_length';

/** SPEC §8 client error message meaning the user cancelled an MFA verification. */
export const MFA_CANCELED_MESSAGE = 'MFA canceled';

/** SPEC §3 prompt: a max-attempts or expired-code error blocks the inputs. */
export function isBlockingMfaError(code: MfaErrorCode | null): boolean {
  return code === 'mfa_verification_max_attempts_reached' || code === 'mfa_timeout';
}

/** Maps a server / frame / WebAuthn error code to what the MFA screens show. */
export function toMfaErrorCode(code: string | undefined): MfaErrorCode {
  switch (code) {
    case 'missing_or_invalid_mfa':
    case 'invalid_credentials':
      return 'mfa_invalid_code';
    case 'mfa_verification_max_attempts_reached':
    case 'mfa_timeout':
    case 'mfa_canceled':
    case 'passkey_not_allowed':
    case 'too_many_requests':
      return code;
    // WebAuthn's own name for a dialog the user dismissed or that timed out.
    case 'NotAllowedError':
    case 'ERROR_CEREMONY_ABORTED':
      return 'passkey_not_allowed';
    default:
      return 'mfa_unknown_error';
  }
}

/**
 * SPEC §5's check of a typed code, as a code: null when it is 6 digits. The same rule as protocol's
 * `mfaCodeProblem` (a test holds them equal), without importing the schemas module: that would make
 * protocol's MFA module part of the page's initial JavaScript (bench/bundle.mjs).
 */
export function mfaCodeError(code: string): MfaCodeErrorCode | null {
  const trimmed = code.trim();
  if (!/^\d*$/.test(trimmed)) return 'mfa_code_not_numeric';
  return /^\d{6}$/.test(trimmed) ? null : 'mfa_code_wrong_length';
}

/** The catalogue code an error carries (LatchError, EmbeddedWalletError, WebAuthn's `name`), if any. */
export function errorCode(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { code, name } = error as { code?: unknown; name?: unknown };
  if (typeof code === 'string') return code;
  return typeof name === 'string' ? name : undefined;
}
