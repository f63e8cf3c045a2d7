import type { ErrorScreenPart, ErrorScreenRow } from './errorScreenStrings.js';

/**
 * The rows only a login or link action can produce (never the app's own load, whose error shows before any
 * screen loads): they load with ERROR_SCREEN, not with the page (a module of their own: esbuild splits
 * chunks by module, so sharing errorScreenStrings.ts would bring them into the page's first chunk).
 */
export const actionErrorScreenStrings = {
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
} as const satisfies Partial<Record<`${ErrorScreenRow}_${ErrorScreenPart}`, string>>;

/** The action-only rows' keys. */
export type ActionErrorScreenStrings = { [K in keyof typeof actionErrorScreenStrings]: string };
