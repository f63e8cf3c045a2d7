import type { FlowMessageCode } from '@latch/core';

/**
 * The texts of the flows' message codes (core emits codes, never English; SPEC §5/§8 word for word).
 * Keyed by the code itself, so a host overrides one as `strings={{ wallet_error: '…' }}`. Loaded with
 * the screens that show them, not with the page.
 */
export const flowMessageStrings = {
  wallet_error: 'An error has occurred, please try again.',
  invalid_recovery_pin: 'Invalid recovery password, please try again.',
  too_many_requests: 'Too many requests. Please wait before trying again.',
  set_password_failed: 'Error setting password on wallet',
  create_wallet_failed: 'Failed to create wallet',
  code_not_numeric: 'Code should be numeric',
  // SPEC §5 'Code should be {length} digits', as an ICU plural.
  code_wrong_length: '{length, plural, one {Code should be # digit} other {Code should be # digits}}',
  invalid_credentials: 'Invalid or expired verification code',
  // SPEC §8 "Code submit": the server's own message.
  cannot_link_more_of_type: '{message}',
  code_not_verified: 'Issue verifying code',
  password_invalid_characters: 'Invalid characters used ( {characters} )',
  password_too_short: 'Password must be at least 6 characters',
  password_mismatch: 'Passwords do not match',
} as const satisfies Record<FlowMessageCode, string>;

/** The message texts' keys. */
export type FlowMessageStrings = { [K in FlowMessageCode]: string };
