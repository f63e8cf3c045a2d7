import type { FlowError } from '../machine/flowError.js';

/** Refusals another try cannot change: the social screens offer no Retry for them. */
const FINAL_CODES = new Set([
  'linked_to_another_user',
  'oauth_account_suspended',
  'cannot_link_more_of_type',
  'disallowed_login_method',
  'allowlist_rejected',
  'oauth_state_mismatch',
]);

/** Whether a failed OAuth or Telegram attempt offers Retry (SPEC §8: denied and transient errors do; a refusal that another try cannot change does not). */
export function socialErrorRetryable(error: FlowError): boolean {
  return !FINAL_CODES.has(error.code ?? '');
}
