import { paramPath } from './paramPath.js';

// Dev mode only (not in SPEC §7): the outbox of codes sent, the apps and the login credentials a local
// stack uses. Server: modules/dev/.

/** The server's dev-mode paths (served only with `--dev`). */
export const DEV_API = {
  /** GET the messages (email, SMS) the dev outbox holds (JSON). */
  outbox: '/api/v1/dev/outbox',
  /** GET the same outbox as an HTML page. */
  outboxPage: '/dev/outbox',
  /** POST creates an app (its config) → `{ app_id, client_id }`. */
  apps: '/api/v1/dev/apps',
  /** PATCH one app's config. */
  app: paramPath('/api/v1/dev/apps/:appId'),
  /** PUT sets, DELETE removes the app's login credentials of one method (as the CLI's `apps oauth set`). */
  loginCredentials: paramPath('/api/v1/dev/apps/:appId/login_credentials/:method'),
  /** PUT `{ secret }` sets the app's Turnstile secret key (as the CLI's `apps captcha set`). */
  captchaSecret: paramPath('/api/v1/dev/apps/:appId/captcha_secret'),
} as const;

/** Where the dev-mode paths start (the server's CORS opens them wider in dev mode). */
export const DEV_PATH_PREFIXES = ['/api/v1/dev/', '/dev/'] as const;
