import * as v from 'valibot';
import { OAUTH_PROVIDERS } from './appConfig.js';
import { OAUTH_LIMIT } from './oauth.js';

/**
 * Valibot schemas of the social-login wire (oauth.ts): OAuth, Telegram and custom-token bodies.
 * Exported through `@latch/protocol/schemas` only (the index stays valibot-free).
 */

const provider = v.picklist(OAUTH_PROVIDERS);
/** RFC 7636 §4.1: unreserved characters. */
const pkceChars = /^[A-Za-z0-9._~-]+$/;
const stateCode = v.pipe(
  v.string(),
  v.minLength(OAUTH_LIMIT.stateMinLength),
  v.maxLength(OAUTH_LIMIT.stateMaxLength),
  v.regex(pkceChars, 'state_code must be base64url'),
);
const captchaToken = v.optional(v.pipe(v.string(), v.maxLength(4096)));

/** POST OAUTH_API.init. */
export const OAuthInitBody = v.object({
  provider,
  redirect_to: v.pipe(v.string(), v.maxLength(2048), v.url()),
  captcha_token: captchaToken,
  // S256 of a verifier: 32 bytes in base64url without padding.
  code_challenge: v.pipe(v.string(), v.length(43), v.regex(/^[A-Za-z0-9_-]+$/, 'code_challenge must be base64url')),
  state_code: stateCode,
});

/** POST OAUTH_API.authenticate and OAUTH_API.link. */
export const OAuthAuthenticateBody = v.object({
  authorization_code: v.pipe(v.string(), v.minLength(1), v.maxLength(4096)),
  state_code: stateCode,
  code_verifier: v.pipe(
    v.string(),
    v.minLength(OAUTH_LIMIT.verifierMinLength),
    v.maxLength(OAUTH_LIMIT.verifierMaxLength),
    v.regex(pkceChars, 'code_verifier must use RFC 7636 characters'),
  ),
});

/** POST OAUTH_API.unlink. */
export const OAuthUnlinkBody = v.object({
  provider,
  subject: v.pipe(v.string(), v.minLength(1), v.maxLength(256)),
});

const shortText = v.optional(v.pipe(v.string(), v.maxLength(256)));

/** The Telegram Login Widget's result. */
export const WireTelegramAuthResultSchema = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER)),
  first_name: v.pipe(v.string(), v.maxLength(256)),
  last_name: shortText,
  username: shortText,
  photo_url: v.optional(v.pipe(v.string(), v.maxLength(2048))),
  auth_date: v.pipe(v.number(), v.integer(), v.minValue(0)),
  hash: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, 'hash must be 64 hex characters')),
});

/** POST TELEGRAM_API.authenticate and TELEGRAM_API.link. */
export const TelegramAuthenticateBody = v.object({
  telegram_auth_result: WireTelegramAuthResultSchema,
  captcha_token: captchaToken,
});

/** POST TELEGRAM_API.unlink. */
export const TelegramUnlinkBody = v.object({
  telegram_user_id: v.pipe(v.string(), v.regex(/^\d{1,20}$/, 'telegram_user_id must be a number')),
});

/** POST CUSTOM_JWT_API.authenticate: a compact JWS (three base64url parts), at most 16 kB. */
export const CustomJwtAuthenticateBody = v.object({
  token: v.pipe(
    v.string(),
    v.maxLength(16_384),
    v.regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/, 'token must be a compact JWT'),
  ),
});
