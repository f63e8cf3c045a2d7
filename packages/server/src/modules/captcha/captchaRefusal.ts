import { type ErrorCode, LatchError } from '@latch/protocol';

/**
 * A refused captcha (SPEC §8): `invalid_captcha` (missing, malformed, wrong, expired, reused, another app's or
 * host's token: the client resets the captcha and tries again) or `captcha_failure` (the provider says the
 * check was failed; with status 503 when the provider could not be asked). The message says which, for logs
 * and developers; no token is ever in it.
 */
export function captchaRefusal(
  code: Extract<ErrorCode, 'invalid_captcha' | 'captcha_failure'>,
  message: string,
  status?: number,
): LatchError {
  return new LatchError(code, message, status === undefined ? undefined : { status });
}
