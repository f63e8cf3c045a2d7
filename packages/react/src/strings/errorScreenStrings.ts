import type { ErrorCode } from '@latch/protocol';

/**
 * The error codes with a row of their own in SPEC §8's "Error screen by code" table. allowlist_rejected is
 * not among them: core sends it to ALLOWLIST_REJECTION_SCREEN (protocol's errorRedirect), whose texts are
 * en.ts's `allowlist*`.
 */
type ErrorScreenCode = Extract<
  ErrorCode,
  | 'client_request_timeout'
  | 'twilio_verification_failed'
  | 'invalid_captcha'
  | 'disallowed_login_method'
  | 'captcha_failure'
  | 'captcha_timeout'
  | 'linked_to_another_user'
  | 'not_supported'
  | 'too_many_requests'
>;

/** A row of the table: a code of its own, or `error` for HTTP 422 and anything else. */
export type ErrorScreenRow = ErrorScreenCode | 'error';

/** The three texts of a row. */
export type ErrorScreenPart = 'title' | 'detail' | 'cta';

/**
 * ERROR_SCREEN's title, detail and button for each row of SPEC §8's table, word for word, keyed
 * `<code>_title`, `<code>_detail`, `<code>_cta`, so a host overrides one as
 * `strings={{ too_many_requests_title: '…' }}`. A row names only the texts in which it differs from the
 * `error` row (twilio_verification_failed differs in none); `{message}` is the error's own message.
 */
export const errorScreenStrings = {
  error_title: 'Something went wrong',
  error_detail: '{message}',
  error_cta: 'Try again later',
  client_request_timeout_title: 'Timed out',
  client_request_timeout_cta: 'Try again',
  invalid_captcha_detail: 'Please try again.',
  invalid_captcha_cta: 'Try again',
  disallowed_login_method_title: 'Not allowed',
  disallowed_login_method_cta: 'Try another method',
  captcha_failure_detail: 'You did not pass CAPTCHA. Please try again.',
  captcha_failure_cta: 'Try again',
  captcha_timeout_detail: 'Something went wrong! Please try again later.',
  linked_to_another_user_title: 'Authentication failed',
  linked_to_another_user_detail: 'This account has already been linked to another user.',
  linked_to_another_user_cta: 'Try again',
  not_supported_title: 'This region is not supported',
  not_supported_detail: 'SMS authentication from this region is not available',
  not_supported_cta: 'Try another method',
  too_many_requests_title: 'Request failed',
  too_many_requests_detail: 'Too many attempts.',
} as const satisfies Record<`error_${ErrorScreenPart}`, string> &
  Partial<Record<`${ErrorScreenRow}_${ErrorScreenPart}`, string>>;

/** The error screen texts' keys. */
export type ErrorScreenStrings = { [K in keyof typeof errorScreenStrings]: string };
