/**
 * What a flow tells the user, as a code: the state machines never hold English. React's string
 * catalogue (and any other host) turns each code into a text the host may override or translate.
 * Codes of the error catalogue (protocol/errors.ts) are reused where one fits.
 */
export type FlowMessageCode =
  /** SPEC §8 "Wallet and recovery": every wallet error the user cannot act on. */
  | 'wallet_error'
  /** SPEC §8: a wrong recovery password. */
  | 'invalid_recovery_pin'
  /** SPEC §8: a rate limit ('code 429'). */
  | 'too_many_requests'
  /** SPEC §8: setting the wallet's password failed. */
  | 'set_password_failed'
  /** SPEC §8: creating the wallet with a password failed. */
  | 'create_wallet_failed'
  /** SPEC §5: a login code with a non-digit. */
  | 'code_not_numeric'
  /** SPEC §5: a login code of the wrong length. */
  | 'code_wrong_length'
  /** SPEC §8 "Code submit": HTTP 422. */
  | 'invalid_credentials'
  /** SPEC §8 "Code submit": shows the server's message (`FlowMessage.message`). */
  | 'cannot_link_more_of_type'
  /** SPEC §8 "Code submit": anything else. */
  | 'code_not_verified'
  /** SPEC §5 wallet password: characters outside the allowed set (`values.characters`). */
  | 'password_invalid_characters'
  /** SPEC §5 wallet password: shorter than the minimum. */
  | 'password_too_short'
  /** SPEC §5 wallet password: the confirmation differs. */
  | 'password_mismatch';

/** A message with the words its text quotes: the server's own (cannot_link_more_of_type), or `values`. */
export interface FlowMessage {
  code: FlowMessageCode;
  message?: string;
  /** Filled into the text's `{name}` placeholders (e.g. the refused password characters). */
  values?: Record<string, string>;
}
