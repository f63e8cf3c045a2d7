import type { ErrorCode } from './errors.js';

/** What ERROR_SCREEN shows for an error (SPEC §8 "Error screen by code"). */
export interface ErrorScreenContent {
  title: string;
  detail: string;
  cta: string;
  /** The CTA also resets the captcha (invalid_captcha). */
  resetsCaptcha?: boolean;
}

/** Where an error sends the modal instead of ERROR_SCREEN. */
export type ErrorRedirect = 'ALLOWLIST_REJECTION_SCREEN' | 'USER_LIMIT_REACHED_SCREEN';

const SOMETHING_WRONG = 'Something went wrong';
const TRY_AGAIN_LATER = 'Try again later';

/** Where an error goes instead of ERROR_SCREEN, if anywhere (SPEC §8). */
export function errorRedirect(code: string | undefined): ErrorRedirect | undefined {
  if (code === 'allowlist_rejected') return 'ALLOWLIST_REJECTION_SCREEN';
  if (code === 'max_accounts_reached') return 'USER_LIMIT_REACHED_SCREEN';
  return undefined;
}

/** Maps an error to ERROR_SCREEN's title, detail and button, following SPEC §8's table row by row. */
export function errorScreenContent(error: {
  code?: ErrorCode | string;
  status?: number;
  message: string;
}): ErrorScreenContent {
  const { code, status, message } = error;
  switch (code) {
    case 'client_request_timeout':
      return { title: 'Timed out', detail: message, cta: 'Try again' };
    case 'twilio_verification_failed':
      return { title: SOMETHING_WRONG, detail: message, cta: TRY_AGAIN_LATER };
    case 'invalid_captcha':
      return { title: SOMETHING_WRONG, detail: 'Please try again.', cta: 'Try again', resetsCaptcha: true };
    case 'disallowed_login_method':
      return { title: 'Not allowed', detail: message, cta: 'Try another method' };
    case 'allowlist_rejected':
      return {
        title: "You don't have access to this app",
        detail: 'Have you been invited?',
        cta: 'Try another account',
      };
    case 'captcha_failure':
      return { title: SOMETHING_WRONG, detail: 'You did not pass CAPTCHA. Please try again.', cta: 'Try again' };
    case 'captcha_timeout':
      return { title: SOMETHING_WRONG, detail: 'Something went wrong! Please try again later.', cta: TRY_AGAIN_LATER };
    case 'linked_to_another_user':
      return {
        title: 'Authentication failed',
        detail: 'This account has already been linked to another user.',
        cta: 'Try again',
      };
    case 'not_supported':
      return {
        title: 'This region is not supported',
        detail: 'SMS authentication from this region is not available',
        cta: 'Try another method',
      };
    case 'too_many_requests':
      return { title: 'Request failed', detail: 'Too many attempts.', cta: TRY_AGAIN_LATER };
  }
  // HTTP 422, other client errors and anything else share one row shape.
  void status;
  return { title: SOMETHING_WRONG, detail: message, cta: TRY_AGAIN_LATER };
}

/** The text shown under the code boxes when a code submit fails (SPEC §8 "Code submit"). */
export function codeSubmitErrorText(error: { code?: string; status?: number; message: string }): string {
  if (error.status === 422 || error.code === 'invalid_credentials') return 'Invalid or expired verification code';
  if (error.code === 'cannot_link_more_of_type') return error.message;
  return 'Issue verifying code';
}
