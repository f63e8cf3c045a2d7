/**
 * The captcha (SPEC §3 `captcha_enabled` / `captcha_site_key`, §4 "Captcha", §7 the token on the inits, §8
 * invalid_captcha / captcha_failure / captcha_timeout; docs/captcha.md). Two providers, chosen by the app's
 * site key:
 * - `t:<sitekey>`: Cloudflare Turnstile, as SPEC says; the token is Turnstile's response, verified by the server
 *   with the provider's siteverify.
 * - `pow:` or `pow:<maxnumber>` (or no site key at all): Latch's self-hosted proof-of-work (ALTCHA's challenge
 *   format), served by the app's own Latch server at CAPTCHA_API.challenge; the token is ALTCHA's base64 JSON
 *   payload `{ algorithm, challenge, number, salt, signature }`.
 * Any other prefix is refused with UNSUPPORTED_CAPTCHA_SITE_KEY, SPEC's text.
 *
 * Values and types only (no valibot): the lazily loaded captcha code imports it from `@latch/protocol/captcha`.
 */

import { DEFAULTS } from './constants.js';

export { CAPTCHA_API } from './paths/captcha.js';

/** SPEC §4 / §9: the error for a site key with no known prefix. */
export const UNSUPPORTED_CAPTCHA_SITE_KEY = 'Unsupported captcha site key';

/** The prefix of the self-hosted proof-of-work's site key (beside SPEC's 't:' for Turnstile). */
export const POW_SITE_KEY_PREFIX = 'pow:';

/**
 * The self-hosted proof-of-work's limits. The difficulty is ALTCHA's `maxnumber`: the secret number is drawn
 * from 0..maxnumber, so a solver tries maxnumber / 2 SHA-256 hashes on average (docs/captcha.md "Costs").
 */
export const CAPTCHA_POW = {
  /** The difficulty when the site key gives none (`pow:` or no site key). */
  defaultMaxNumber: 100_000,
  /** The lowest difficulty an app may set: below it the check costs a bot nothing. */
  minMaxNumber: 1_000,
  /** The highest: above it a phone takes tens of seconds, past SPEC's 20 s captcha wait. */
  maxMaxNumber: 5_000_000,
  /** Seconds a challenge stays valid: solved and sent within it, else invalid_captcha. */
  challengeTtlSeconds: 600,
} as const;

/**
 * The Turnstile action the widget may be rendered with (`action`): the server refuses a token solved for
 * another action (a token farmed on another page of the same site). A widget with no action is accepted.
 */
export const TURNSTILE_ACTION = 'latch_login';

/** The answer to GET CAPTCHA_API.challenge: an ALTCHA challenge (HMAC-signed by the server). */
export interface CaptchaChallenge {
  algorithm: 'SHA-256';
  /** Hex SHA-256 of `salt + number` for the secret number. */
  challenge: string;
  /** The secret number is at most this. */
  maxnumber: number;
  /** Random salt with the server's parameters (`?app=…&expires=…&max=…`); hashed as is. */
  salt: string;
  /** Hex HMAC of `challenge` under the server's captcha key. */
  signature: string;
}

/** The solved challenge, base64-encoded JSON, sent as the init's captcha token (ALTCHA's payload). */
export interface CaptchaSolution {
  algorithm: 'SHA-256';
  challenge: string;
  number: number;
  salt: string;
  signature: string;
  /** Milliseconds the solve took (informative; ALTCHA's field). */
  took?: number;
}

/** Which provider an app's `captcha_site_key` names. */
export type CaptchaProvider =
  | { provider: 'turnstile'; siteKey: string }
  | { provider: 'pow'; maxNumber: number }
  | { provider: 'unsupported' };

/** Reads an app's captcha site key: 't:<key>' is Turnstile, 'pow:[n]' or none the self-hosted proof-of-work. */
export function parseCaptchaSiteKey(siteKey: string | null): CaptchaProvider {
  if (siteKey === null) return { provider: 'pow', maxNumber: CAPTCHA_POW.defaultMaxNumber };
  if (siteKey.startsWith(DEFAULTS.captchaSiteKeyPrefix)) {
    const key = siteKey.slice(DEFAULTS.captchaSiteKeyPrefix.length);
    return /^[\w-]{1,256}$/.test(key) ? { provider: 'turnstile', siteKey: key } : { provider: 'unsupported' };
  }
  if (siteKey.startsWith(POW_SITE_KEY_PREFIX)) {
    const rest = siteKey.slice(POW_SITE_KEY_PREFIX.length);
    if (rest === '') return { provider: 'pow', maxNumber: CAPTCHA_POW.defaultMaxNumber };
    const maxNumber = /^[1-9]\d{0,9}$/.test(rest) ? Number(rest) : Number.NaN;
    return maxNumber >= CAPTCHA_POW.minMaxNumber && maxNumber <= CAPTCHA_POW.maxMaxNumber
      ? { provider: 'pow', maxNumber }
      : { provider: 'unsupported' };
  }
  return { provider: 'unsupported' };
}
