import { LatchError } from '@latch/protocol';
import { isLoopbackHostname } from '../../kernel/http/loopback.js';

// What an app is created or updated with, and the checks of its fields other than the config
// (appConfigSchema.ts checks that).

/** The fields an app is created or updated with. */
export interface AppInput {
  name?: string;
  /** A partial SPEC §3 config (snake_case); validated here. */
  config?: unknown;
  allowedOrigins?: string[];
  allowlist?: string[] | null;
  maxUsers?: number | null;
  accessTokenTtlSeconds?: number;
  sessionLifetimeSeconds?: number;
}

const MAX_TTL_SECONDS = 24 * 3600;
/** A session family lives 1 day (at least the longest access token) to 5 years; default 90 days. */
const MIN_SESSION_LIFETIME_SECONDS = 24 * 3600;
const MAX_SESSION_LIFETIME_SECONDS = 5 * 365 * 24 * 3600;

/** Normalises an allowlist entry: emails and wallet addresses lowercase, phones as given (E.164). */
export const normaliseAllowlistEntry = (entry: string): string => entry.trim().toLowerCase();

/**
 * An allowed origin in its canonical form. Refused: anything but a bare http(s) origin, wildcards
 * (`https://*.example.com` would be a CSP wildcard in the frame's `frame-ancestors` but a literal
 * string to CORS: one policy, so none), and plain `http://` on a host other than this machine unless
 * the server runs in dev mode (a login page served over http can be rewritten on the way).
 */
export function normaliseOrigin(origin: string, options: { dev: boolean }): string {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    throw new LatchError('invalid_data', `Allowed origin "${origin}" is not a URL origin like https://example.com.`);
  }
  if (parsed.hostname.includes('*')) {
    throw new LatchError(
      'invalid_data',
      `Allowed origin "${origin}" has a wildcard; wildcards are not supported: list each origin (https://app.example.com).`,
    );
  }
  if (!['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== origin.replace(/\/$/, '')) {
    throw new LatchError(
      'invalid_data',
      `Allowed origin "${origin}" must be an origin like https://example.com (no path).`,
    );
  }
  if (parsed.protocol === 'http:' && !options.dev && !isLoopbackHostname(parsed.hostname)) {
    throw new LatchError(
      'invalid_data',
      `Allowed origin "${origin}" uses plain http; use https (http is allowed for localhost, 127.0.0.1 and [::1], or in dev mode).`,
    );
  }
  return parsed.origin;
}

/** The largest user cap: `apps.max_users` is a PostgreSQL integer (a larger number failed the insert with a 500). */
const MAX_USERS_CAP = 2_147_483_647;

/** Checks the plain fields of an app's input (name, user cap, token and session lifetimes): 422 `invalid_data`. */
export function checkAppInput(input: AppInput): void {
  if (input.name !== undefined && (input.name.trim() === '' || input.name.length > 200)) {
    throw new LatchError('invalid_data', 'The app name must be 1 to 200 characters.');
  }
  if (
    input.maxUsers !== undefined &&
    input.maxUsers !== null &&
    (!Number.isInteger(input.maxUsers) || input.maxUsers < 0 || input.maxUsers > MAX_USERS_CAP)
  ) {
    throw new LatchError(
      'invalid_data',
      `max_users must be a whole number from 0 to ${MAX_USERS_CAP}, or null for no cap.`,
    );
  }
  const ttl = input.accessTokenTtlSeconds;
  if (ttl !== undefined && (!Number.isInteger(ttl) || ttl < 60 || ttl > MAX_TTL_SECONDS)) {
    throw new LatchError(
      'invalid_data',
      `access_token_ttl_seconds must be a whole number from 60 to ${MAX_TTL_SECONDS}.`,
    );
  }
  const lifetime = input.sessionLifetimeSeconds;
  if (
    lifetime !== undefined &&
    (!Number.isInteger(lifetime) || lifetime < MIN_SESSION_LIFETIME_SECONDS || lifetime > MAX_SESSION_LIFETIME_SECONDS)
  ) {
    throw new LatchError(
      'invalid_data',
      `session_lifetime_seconds must be a whole number from ${MIN_SESSION_LIFETIME_SECONDS} (1 day) to ${MAX_SESSION_LIFETIME_SECONDS} (5 years).`,
    );
  }
}
