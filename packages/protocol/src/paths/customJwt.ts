// Custom token (SPEC §7 "Authentication service": Custom token). Server: modules/customJwt/.

/** The custom-token path. */
export const CUSTOM_JWT_API = {
  /** POST custom_jwt_account authenticate (app) CustomJwtAuthenticateRequest → TokenResponse (a fresh login: device grant). */
  authenticate: '/api/v1/custom_jwt_account/authenticate',
} as const;
