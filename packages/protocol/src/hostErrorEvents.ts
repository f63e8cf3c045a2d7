import type { ErrorCode } from './errors.js';

/**
 * SPEC §8 "Events reported to the host": the codes a host's `onError` hears (and its rejected promises carry).
 * The exits are not catalogue codes: they are the user leaving a flow, not an error of the server or the SDK.
 */
export type HostErrorEvent =
  | Extract<
      ErrorCode,
      | 'must_be_authenticated'
      | 'embedded_wallet_not_found'
      | 'unknown_embedded_wallet_error'
      | 'transaction_failure'
      | 'unable_to_sign'
      | 'unknown_connect_wallet_error'
      | 'generic_connect_wallet_error'
      | 'embedded_wallet_recovery_already_exists'
      | 'failed_to_link_account'
      | 'unknown_auth_error'
      | 'invalid_message'
      | 'unsupported_chain_id'
      | 'cannot_link_more_of_type'
    >
  | 'user_exited_set_password_flow'
  | 'exited_auth_flow'
  | 'exited_link_flow';
