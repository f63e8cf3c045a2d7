import { describe, expect, it } from 'vitest';
import { errorRedirect } from './errorScreen.js';

describe('errorRedirect (SPEC §8)', () => {
  it('redirects allowlist and user-cap errors to their screens', () => {
    expect(errorRedirect('allowlist_rejected')).toBe('ALLOWLIST_REJECTION_SCREEN');
    expect(errorRedirect('max_accounts_reached')).toBe('USER_LIMIT_REACHED_SCREEN');
  });

  it('leaves every other error to ERROR_SCREEN', () => {
    expect(errorRedirect('invalid_data')).toBeUndefined();
    expect(errorRedirect('too_many_requests')).toBeUndefined();
    expect(errorRedirect(undefined)).toBeUndefined();
  });
});
