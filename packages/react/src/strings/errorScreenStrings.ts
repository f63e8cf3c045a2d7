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
 * ERROR_SCREEN's title, detail and button (these rows with the page; `actionErrorScreenStrings` with the screen) for each row of SPEC §8's table, word for word, keyed
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
  too_many_requests_title: 'Request failed',
  too_many_requests_detail: 'Too many attempts.',
} as const satisfies Record<`error_${ErrorScreenPart}`, string> &
  Partial<Record<`${ErrorScreenRow}_${ErrorScreenPart}`, string>>;
