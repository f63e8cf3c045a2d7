// OAuth (SPEC §7 "Authentication service": OAuth; "Unlink"). Server: modules/oauth/. The round trip is
// described in ../oauth.ts.

/** The server's OAuth paths (DESIGN §2 `/api/v1/oauth/…`). */
export const OAUTH_API = {
  /** POST OAuth init (app; bearer too when linking) OAuthInitRequest → OAuthInitResponse. */
  init: '/api/v1/oauth/init',
  /** GET (and POST: Apple's `form_post`) from the provider: redirects to the init's `redirect_to` with OAUTH_RETURN_PARAM. */
  callback: '/api/v1/oauth/callback',
  /** POST OAuth authenticate (app) OAuthAuthenticateRequest → TokenResponse (a fresh login: device grant). */
  authenticate: '/api/v1/oauth/authenticate',
  /** POST OAuth link (bearer) OAuthAuthenticateRequest → WireUser (with `oauth_provider_tokens` when the app asks for them). */
  link: '/api/v1/oauth/link',
  /** POST /api/v1/oauth/unlink (bearer) OAuthUnlinkRequest → WireUser (SPEC §7 "Unlink"). */
  unlink: '/api/v1/oauth/unlink',
} as const;
