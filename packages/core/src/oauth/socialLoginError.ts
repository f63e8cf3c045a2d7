/**
 * The social-login failures the browser finds itself (no server answer carries them), with SPEC's texts:
 * §5 'Unexpected auth flow. This may be a phishing attempt.', §8 'Telegram was not initialized' and
 * 'Telegram auth failed or was canceled by the client'. Kept out of protocol's catalogue (the wire's codes, which
 * the host page's first chunk carries); the flows see them as FlowErrors with these codes.
 */
export const SOCIAL_LOGIN_ERROR = {
  oauth_state_mismatch: 'Unexpected auth flow. This may be a phishing attempt.',
  telegram_not_initialized: 'Telegram was not initialized',
  telegram_auth_failed: 'Telegram auth failed or was canceled by the client',
} as const;

/** A code of SOCIAL_LOGIN_ERROR. */
export type SocialLoginErrorCode = keyof typeof SOCIAL_LOGIN_ERROR;

/** A social-login failure found in the browser; `code` says which (the screens map it to their text). */
export class SocialLoginError extends Error {
  readonly code: SocialLoginErrorCode;

  constructor(code: SocialLoginErrorCode) {
    super(SOCIAL_LOGIN_ERROR[code]);
    this.name = 'SocialLoginError';
    this.code = code;
  }
}
