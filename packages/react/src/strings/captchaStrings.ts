/**
 * Texts of CAPTCHA_SCREEN (SPEC §2, §4 "Captcha", §5). They load with the screen, not with the page; a host
 * overrides them through `strings` like any other text.
 */
export const captchaStrings = {
  // SPEC §2 CAPTCHA_SCREEN
  captchaChecking: 'Checking that you are a human...',
  captchaSuccess: 'Success!',
  captchaFailed: 'Something went wrong',
  // SPEC §9: the retries ran out.
  captchaHint: 'If you use an adblocker or VPN, try disabling and re-attempting.',
  // SPEC §5: the app's site key has no known prefix.
  captchaUnsupported: 'Unsupported captcha site key',
  /** The button after the retries ran out (ours: SPEC names none). */
  captchaRetry: 'Try again',
} as const;

/** The captcha texts' keys. */
export type CaptchaStrings = { [K in keyof typeof captchaStrings]: string };
