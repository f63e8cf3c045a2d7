import { ANALYTICS_API } from './analytics.js';
import { DEV_API } from './dev.js';
import { IDENTITY_API, JWKS_PATH } from './identity.js';
import { PASSWORDLESS_API } from './passwordless.js';
import { PRICES_API } from './prices.js';

// Every endpoint's path is defined once, in the file of its SPEC §7 area (the server module that serves
// it): identity.ts (sessions, users, apps, security events) and stepUp.ts, passwordless.ts, siwe.ts,
// passkeys.ts, oauth.ts, telegram.ts, farcaster.ts, customJwt.ts, mfa.ts, wallets.ts (custody and the frame pages), onRamp.ts,
// captcha.ts, adminApi.ts (with the webhooks it manages), prices.ts, analytics.ts, dev.ts, ops.ts. The package's
// entries export them from there; the lazily used areas (mfa, passkeys, oauth, telegram, customJwt, onRamp,
// captcha, wallets) only from their own entries, never the index (see mfaContract.ts).

/**
 * The first, flat map of the host page's paths, kept for callers that use it: each entry is the area's
 * constant (IDENTITY_API, JWKS_PATH, PASSWORDLESS_API, ANALYTICS_API, PRICES_API, DEV_API), which new code uses.
 */
export const API = {
  appConfig: IDENTITY_API.appConfig,
  jwks: JWKS_PATH,
  emailInit: PASSWORDLESS_API.emailInit,
  emailAuthenticate: PASSWORDLESS_API.emailAuthenticate,
  emailLink: PASSWORDLESS_API.emailLink,
  emailUnlink: PASSWORDLESS_API.emailUnlink,
  emailUpdate: PASSWORDLESS_API.emailUpdate,
  smsInit: PASSWORDLESS_API.smsInit,
  smsAuthenticate: PASSWORDLESS_API.smsAuthenticate,
  smsLink: PASSWORDLESS_API.smsLink,
  smsUnlink: PASSWORDLESS_API.smsUnlink,
  sessions: IDENTITY_API.sessions,
  logout: IDENTITY_API.logout,
  fork: IDENTITY_API.fork,
  acceptTerms: IDENTITY_API.acceptTerms,
  me: IDENTITY_API.me,
  analytics: ANALYTICS_API.events,
  tokenPrice: PRICES_API.tokenPrice,
  devOutbox: DEV_API.outbox,
} as const;
