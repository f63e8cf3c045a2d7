// Captcha (SPEC §4 "Captcha"; the self-hosted proof-of-work provider, docs/captcha.md). Server: modules/captcha/.

/** The server's captcha paths. */
export const CAPTCHA_API = {
  /** GET /api/v1/captcha/challenge (app) → CaptchaChallenge: a signed, expiring, single-use proof-of-work challenge. */
  challenge: '/api/v1/captcha/challenge',
} as const;
