import type { FlowError, PasskeyOperation } from '@latch/core';

/**
 * Texts of the passkey screens (AWAITING_PASSKEY_SYSTEM_DIALOGUE, LINK_PASSKEY_SCREEN). They load with those screens,
 * not with the page; a host overrides them like any other text (the `strings` prop of LatchProvider).
 */
export const passkeyStrings = {
  // AWAITING_PASSKEY_SYSTEM_DIALOGUE (SPEC §3 "Passkey login"); the titles and hints are ours (SPEC is silent).
  passkeyLoginTitle: 'Log in with a passkey',
  passkeySignUpTitle: 'Sign up with a passkey',
  passkeyWaiting: 'Follow the prompt from your browser or device to continue.',
  passkeyRetry: 'Retry',
  success: 'Success!',
  passkeyNoAccount: 'No passkey yet?',
  passkeySignUp: 'Create an account with a passkey',
  passkeyHaveOne: 'Already have a passkey?',
  // SPEC §8 "Passkey"
  passkeyCannotLinkMore: 'Cannot link more passkeys to account.',
  passkeyNotAllowed: 'Passkey request timed out or rejected by user.',
  passkeyLoginUnknownError: 'An unknown error occurred.',
  passkeyLinkUnknownError: 'Unknown error occurred.',
  passkeyEnrolledInMfa: 'Cannot unlink a passkey enrolled in MFA',
  // LINK_PASSKEY_SCREEN (SPEC §2)
  yourPasskeys: 'Your passkeys',
  noPasskeys: 'You have no passkey yet. Add one to log in without a code.',
  viewAllPasskeys: 'View all',
  addPasskey: 'Add a passkey',
  passkeyRemove: 'Remove',
  /** The remove button's accessible name. */
  removePasskey: 'Remove {name}',
  passkeyUnknownDevice: 'Unknown device',
  passkeyLimitReached:
    '{limit, plural, one {You have # passkey, the most an account can have.} other {You have # passkeys, the most an account can have.}}',
  passkeyAdded: 'Passkey added',
  passkeyAddedDetail: 'From now on, you can use your passkey to log in.',
  passkeyDone: 'Done',
} as const;

/** The passkey texts' keys. */
export type PasskeyStrings = { [K in keyof typeof passkeyStrings]: string };

/**
 * SPEC §8 "Passkey": the text of a failed passkey operation. Login and link share the first two messages; the
 * fallbacks differ ('An unknown error occurred.' / 'Unknown error occurred.'); an unlink refused because the
 * passkey is enrolled in MFA (missing_or_invalid_mfa) has its own.
 */
export function passkeyErrorText(
  strings: PasskeyStrings,
  operation: PasskeyOperation | null,
  error: FlowError,
): string {
  if (error.code === 'cannot_link_more_of_type') return strings.passkeyCannotLinkMore;
  if (error.code === 'passkey_not_allowed') return strings.passkeyNotAllowed;
  if (operation === 'unlink' && error.code === 'missing_or_invalid_mfa') return strings.passkeyEnrolledInMfa;
  return operation === 'login' || operation === 'signup'
    ? strings.passkeyLoginUnknownError
    : strings.passkeyLinkUnknownError;
}
