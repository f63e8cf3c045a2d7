import { describe, expect, it } from 'vitest';
import { codeSubmitErrorText, errorRedirect, errorScreenContent } from './errorScreen.js';

describe('ERROR_SCREEN content (SPEC §8 table)', () => {
  const row = (code: string | undefined, status = 400, message = 'server said so') =>
    errorScreenContent({ code, status, message });

  it('follows each named row', () => {
    expect(row('client_request_timeout')).toEqual({ title: 'Timed out', detail: 'server said so', cta: 'Try again' });
    expect(row('twilio_verification_failed')).toMatchObject({
      title: 'Something went wrong',
      detail: 'server said so',
    });
    expect(row('invalid_captcha')).toMatchObject({ detail: 'Please try again.', resetsCaptcha: true });
    expect(row('disallowed_login_method')).toEqual({
      title: 'Not allowed',
      detail: 'server said so',
      cta: 'Try another method',
    });
    expect(row('captcha_failure').detail).toBe('You did not pass CAPTCHA. Please try again.');
    expect(row('captcha_timeout').detail).toBe('Something went wrong! Please try again later.');
    expect(row('linked_to_another_user')).toMatchObject({
      title: 'Authentication failed',
      detail: 'This account has already been linked to another user.',
    });
    expect(row('not_supported')).toEqual({
      title: 'This region is not supported',
      detail: 'SMS authentication from this region is not available',
      cta: 'Try another method',
    });
    expect(row('too_many_requests')).toEqual({
      title: 'Request failed',
      detail: 'Too many attempts.',
      cta: 'Try again later',
    });
  });

  it('falls back to the generic row for 422 and anything else', () => {
    expect(row('invalid_credentials', 422)).toEqual({
      title: 'Something went wrong',
      detail: 'server said so',
      cta: 'Try again later',
    });
    expect(row(undefined, 500).title).toBe('Something went wrong');
  });

  it('redirects allowlist and user-cap errors to their screens', () => {
    expect(errorRedirect('allowlist_rejected')).toBe('ALLOWLIST_REJECTION_SCREEN');
    expect(errorRedirect('max_accounts_reached')).toBe('USER_LIMIT_REACHED_SCREEN');
    expect(errorRedirect('invalid_data')).toBeUndefined();
  });

  it('maps code-submit failures (SPEC §8 "Code submit")', () => {
    expect(codeSubmitErrorText({ status: 422, message: 'x' })).toBe('Invalid or expired verification code');
    expect(codeSubmitErrorText({ code: 'cannot_link_more_of_type', status: 409, message: 'Only one email' })).toBe(
      'Only one email',
    );
    expect(codeSubmitErrorText({ code: 'internal_error', status: 500, message: 'x' })).toBe('Issue verifying code');
  });
});
