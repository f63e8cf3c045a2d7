import type { MfaCodeErrorCode, MfaErrorCode } from '@latch/core';
import type { MfaMethod } from '@latch/protocol';
import { format } from './format.js';
import type { MfaStrings } from './mfaStrings.js';

/** Where an MFA error shows: SPEC §8 words "anything else" differently in enrolment and in the prompt. */
type MfaErrorPlace = 'enrollment' | 'prompt';

/**
 * The text of an MFA error code (SPEC §8 "MFA"): max attempts, a wrong code, the code wait timeout, a
 * cancel, SPEC §5's code shape messages; anything else is 'Unknown error' in enrolment and 'Something
 * went wrong.' in the prompt. '' for no error.
 */
export function mfaErrorText(
  strings: MfaStrings,
  code: MfaErrorCode | MfaCodeErrorCode | null | undefined,
  place: MfaErrorPlace,
): string {
  if (!code) return '';
  switch (code) {
    case 'mfa_verification_max_attempts_reached':
      return strings.mfaErrorMaxAttempts;
    case 'mfa_invalid_code':
      return strings.mfaErrorInvalidCode;
    case 'mfa_timeout':
      return strings.mfaErrorTimeout;
    case 'mfa_canceled':
      return strings.mfaErrorCanceled;
    case 'mfa_code_not_numeric':
      return strings.mfaCodeNotNumeric;
    case 'mfa_code_wrong_length':
      return strings.mfaCodeWrongLength;
    case 'passkey_not_allowed':
      return strings.mfaErrorPasskeyNotAllowed;
    case 'too_many_requests':
      return strings.mfaErrorTooManyRequests;
    default:
      // 'mfa_unknown_error' and anything unexpected.
      return place === 'enrollment' ? strings.mfaErrorUnknownEnrollment : strings.mfaErrorUnknownPrompt;
  }
}

/** What an MFA step shows: the typed code's problem (SPEC §5) first, else the flow's error. */
export type MfaShownError = MfaErrorCode | MfaCodeErrorCode | null;

/** Whether an MFA error blocks the inputs (SPEC §3: max attempts and an expired code). */
export const isBlockingMfaError = (code: MfaShownError | undefined): boolean =>
  code === 'mfa_verification_max_attempts_reached' || code === 'mfa_timeout';

/** A method's SPEC §2 name. */
export function mfaMethodName(strings: MfaStrings, method: MfaMethod): string {
  return { totp: strings.mfaMethodTotp, sms: strings.mfaMethodSms, passkey: strings.mfaMethodPasskey }[method];
}

/** 'Authenticator app verification added', 'SMS verification added' or 'Passkey verification added'. */
export function mfaAddedText(strings: MfaStrings, method: MfaMethod): string {
  return { totp: strings.mfaTotpAdded, sms: strings.mfaSmsAdded, passkey: strings.mfaPasskeyAdded }[method];
}

/** 'Remove {method}' for a method's remove button. */
export const mfaRemoveLabel = (strings: MfaStrings, method: MfaMethod): string =>
  format(strings.mfaRemoveMethodLabel, { method: mfaMethodName(strings, method) });
