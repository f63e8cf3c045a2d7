import { paramPath } from './paramPath.js';

// Identity's paths (SPEC §7 "Sessions", "App config", "Other user and funding calls"): sessions, the
// user, the apps and their keys, the user's security events. Server: identity/. Step-up, also identity's,
// is stepUp.ts: its code loads lazily, and a host page's initial JavaScript carries this file whole.

/** What the host page calls: sessions, the user and the app's config. */
export const IDENTITY_API = {
  /** GET /api/v1/apps/{appId} (SPEC §7 "App config"): the app's public config. */
  appConfig: paramPath('/api/v1/apps/:appId'),
  /** POST the refresh path (SPEC §7 "Sessions": main refresh and forked-token recovery), body refresh_token. */
  sessions: '/api/v1/sessions',
  /** POST logout path with body refresh_token (SPEC §7 "Sessions"). */
  logout: '/api/v1/sessions/logout',
  /** POST /api/v1/sessions/fork with body refresh_token (SPEC §7 "Sessions"). */
  fork: '/api/v1/sessions/fork',
  /** GET the signed-in user (WireUser). */
  me: '/api/v1/users/me',
  /** POST /api/v1/users/me/accept_terms, empty body, returns the user (SPEC §7 "Other user and funding calls"). */
  acceptTerms: '/api/v1/users/me/accept_terms',
} as const;

// Apart from IDENTITY_API, which a host page's initial JavaScript carries whole: the page calls neither.

/** GET /api/v1/apps/{appId}/jwks.json: the app's token signing keys (JWKS), for host backends and the wallet frame. */
export const JWKS_PATH = /* @__PURE__ */ paramPath('/api/v1/apps/:appId/jwks.json');

/** GET the user's own security events (bearer token), `?before=<event id>` for the next page. */
export const SECURITY_EVENTS_PATH = '/api/v1/users/me/security_events';

/**
 * POST, the wallet frame's own page only (cookie mode): the access token of the session cookie, so the frame
 * verifies its owner as it does a token the host page hands it (docs/custody.md "Cookie mode").
 */
export const FRAME_SESSION_TOKEN_PATH = '/api/v1/frame/session_token';
