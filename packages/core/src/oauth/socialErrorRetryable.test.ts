import { describe, expect, it } from 'vitest';
import { socialErrorRetryable } from './socialErrorRetryable.js';

describe('socialErrorRetryable', () => {
  it('offers Retry after a denial or a transient failure, not after a refusal another try cannot change', () => {
    for (const code of ['oauth_user_denied', 'too_many_requests', 'unknown_auth_error', undefined]) {
      expect(socialErrorRetryable({ code, message: 'x' }), String(code)).toBe(true);
    }
    for (const code of ['linked_to_another_user', 'oauth_account_suspended', 'oauth_state_mismatch']) {
      expect(socialErrorRetryable({ code, message: 'x' }), code).toBe(false);
    }
  });
});
