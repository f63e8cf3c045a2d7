import { paramPath } from './paramPath.js';

// Identity's paths (SPEC §7 "Sessions", "App config", "Other user and funding calls"): sessions, the
// user, the apps and their keys, the user's security events and step-up. Server: identity/.

/** Sessions, the user and the apps. */
export const IDENTITY_API = {
  /** GET /api/v1/apps/{appId} (SPEC §7 "App config"): the app's public config. */
  appConfig: paramPath('/api/v1/apps/:appId'),
  /** GET /api/v1/apps/{appId}/jwks.json: the app's token signing keys (JWKS). */
  jwks: paramPath('/api/v1/apps/:appId/jwks.json'),
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
  /** GET the user's own security events (bearer token), `?before=<event id>` for the next page. */
  securityEvents: '/api/v1/users/me/security_events',
} as const;

/** The server's step-up paths (all with the bearer token). */
export const STEP_UP_API = {
  /** GET /api/v1/step_up/factors (bearer) → `StepUpFactorsResponse` */
  factors: '/api/v1/step_up/factors',
  /** POST /api/v1/step_up/init (bearer) `StepUpInitRequest` → `StepUpInitResponse` */
  init: '/api/v1/step_up/init',
  /** POST /api/v1/step_up/verify (bearer) `StepUpVerifyRequest` → `StepUpVerifyResponse` */
  verify: '/api/v1/step_up/verify',
} as const;
