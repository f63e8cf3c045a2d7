import type { OAuthProvider } from './appConfig.js';

/**
 * Social login on the wire (SPEC §3 "OAuth and Telegram", §7 OAuth / Telegram / Custom token):
 * OAuth 2.0 authorization code with PKCE for the nine providers, the Telegram Login Widget, and a
 * custom JWT issued by the host's own backend. docs/social-login.md.
 *
 * The OAuth round trip: the widget makes a PKCE verifier and a state code and keeps them; `init` answers
 * the provider's authorization URL, whose redirect URI is the server's `callback`; the callback redirects
 * the browser to the app's `redirect_to` with OAUTH_RETURN_PARAM (the provider's code and the state) — in a
 * popup, the page there posts OAUTH_POPUP_MESSAGE to its opener; `authenticate` or `link` sends the code, the
 * state and the verifier, and the server exchanges the code with the provider.
 */

/** The query parameters the callback adds to `redirect_to` (SPEC §2 "OAuth return parameters"); the widget strips them. */
export const OAUTH_RETURN_PARAM = {
  code: 'latch_oauth_code',
  state: 'latch_oauth_state',
  provider: 'latch_oauth_provider',
  /** Set instead of `code` when the provider answered an error: a catalogue code (`oauth_user_denied`, `unknown_auth_error`, …). */
  error: 'latch_oauth_error',
} as const;

/** What the popup page posts to its opener (same origin only; SPEC §3 "The OAuth popup reports back …"). */
export type OAuthPopupMessage =
  | { type: 'latch:oauth:success'; stateCode: string; authorizationCode: string }
  | { type: 'latch:oauth:error'; stateCode: string | null; error: string };

/** The `type` of the popup's messages. */
export const OAUTH_POPUP_MESSAGE = {
  success: 'latch:oauth:success',
  error: 'latch:oauth:error',
} as const;

/** Limits of the OAuth round trip. */
export const OAUTH_LIMIT = {
  /** How long a state code lives on the server, from init to authenticate. */
  stateTtlMs: 10 * 60_000,
  /** RFC 7636: a code verifier is 43 to 128 characters of [A-Za-z0-9-._~]. */
  verifierMinLength: 43,
  verifierMaxLength: 128,
  /** The state code the widget makes: at least this long (base64url of 32 random bytes is 43). */
  stateMinLength: 32,
  stateMaxLength: 128,
  /** How long the server waits for a provider's token, user-info or JWKS endpoint. */
  providerTimeoutMs: 10_000,
  /**
   * A Telegram login result older than this is refused (its `auth_date`, seconds): the widget's result is
   * posted and sent within seconds of the user's confirmation, so five minutes covers a slow network while
   * a result copied from a log or a proxy stops working soon (Telegram's own example allows a day).
   */
  telegramMaxAgeSec: 5 * 60,
  /** A Telegram `auth_date` this far (seconds) ahead of the server's clock is still accepted (clock skew); further is refused. */
  telegramClockSkewSec: 30,
} as const;

/** POST OAUTH_API.init (SPEC §7: provider, redirect target, captcha token, code challenge, state code). */
export interface OAuthInitRequest {
  provider: OAuthProvider;
  /** Where the callback sends the browser: a URL on one of the app's allowed origins. */
  redirect_to: string;
  captcha_token?: string;
  /** BASE64URL(SHA-256(code_verifier)), RFC 7636 S256. */
  code_challenge: string;
  state_code: string;
}

/** OAUTH_API.init's answer: the provider's authorization URL to open (popup) or go to (redirect). */
export interface OAuthInitResponse {
  url: string;
}

/** POST OAUTH_API.authenticate and OAUTH_API.link (SPEC §7: authorization code, state code, code verifier). */
export interface OAuthAuthenticateRequest {
  authorization_code: string;
  state_code: string;
  code_verifier: string;
}

/** POST OAUTH_API.unlink (SPEC §7). */
export interface OAuthUnlinkRequest {
  provider: OAuthProvider;
  subject: string;
}

/** SPEC §3 "Session token response" `oauth_provider_tokens`: only when the app asks for them. */
export interface WireOAuthProviderTokens {
  provider: OAuthProvider;
  access_token: string;
  access_token_expires_in_seconds: number | null;
  refresh_token: string | null;
  scopes: string[];
}

/** The Telegram Login Widget's result (core.telegram.org/widgets/login "Checking authorization"). */
export interface WireTelegramAuthResult {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  photo_url?: string;
  auth_date: number;
  hash: string;
}

/** POST TELEGRAM_API.authenticate and TELEGRAM_API.link. */
export interface TelegramAuthenticateRequest {
  telegram_auth_result: WireTelegramAuthResult;
  captcha_token?: string;
}

/** POST TELEGRAM_API.unlink (SPEC §7). */
export interface TelegramUnlinkRequest {
  telegram_user_id: string;
}

/** POST CUSTOM_JWT_API.authenticate (SPEC §7): the host backend's JWT. */
export interface CustomJwtAuthenticateRequest {
  token: string;
}

/**
 * A provider's endpoints (issue #14: configuration, defaulting to the real providers' URLs; tests and the dev
 * stand-in point them at a local server). `userinfo` answers the provider's own profile shape; `issuer` and
 * `jwks` are set for the OpenID Connect providers (google, apple, linkedin), whose ID token is verified.
 */
export interface OAuthEndpoints {
  authorization: string;
  token: string;
  userinfo: string;
  issuer?: string;
  jwks?: string;
}
