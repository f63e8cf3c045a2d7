// Cookie mode (issue #34, docs/server.md "Cookie mode"): an app whose config sets `custom_api_url` (its own
// site's auth domain) gets its session in HttpOnly cookies; the token responses then carry placeholders.

/** The cookies of cookie mode: the tokens (HttpOnly) and SPEC §4's readable "server cookies exist" marker. */
export const SESSION_COOKIE = {
  /** The access token (HttpOnly), for the API and the host's backend, until the token expires (SPEC §9). */
  token: 'latch-token',
  /** The refresh token (HttpOnly), sent only to the refresh, logout and fork paths. */
  refreshToken: 'latch-refresh-token',
  /** The identity token (HttpOnly), for the host's backend (`@latch/node`). */
  identityToken: 'latch-identity-token',
  /** The refresh marker (script-readable): its value is the access token's expiry, in seconds since the epoch. */
  marker: 'latch-session',
} as const;

/** SPEC §9: "Server-cookie refresh marker cookie lifetime: 30 days." */
export const SESSION_MARKER_LIFETIME_SECONDS = 2_592_000;

/** SPEC §4: the refresh-token value of a response whose refresh token the client must not hold. */
export const DEPRECATED_REFRESH_TOKEN = 'deprecated';

/**
 * What the client hands where an access token goes while the token is in an HttpOnly cookie: the transport
 * sends no Authorization header for it, and the wallet frame swaps it for the cookie's token on its own origin.
 */
export const COOKIE_ACCESS_TOKEN = 'cookie';

/**
 * Why a cookie-mode session refuses a hand-off (`invalid_hand_off`, server and client alike): a page script would
 * otherwise ask for a code with its own verifier and redeem it off the page, and this browser's tabs need none.
 */
export const COOKIE_HAND_OFF_REFUSED = "A session kept in cookies is not handed off: this browser's tabs share it.";
