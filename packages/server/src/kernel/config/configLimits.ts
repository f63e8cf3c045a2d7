import { ConfigError } from './configError.js';

// The rate limits and abuse caps among the settings: their defaults and how their variables are read.

/** token_price requests one client IP may make: a widget asks once per send screen, a script is cut off. */
export const DEFAULT_PRICE_LIMIT: Window = { points: 120, durationSec: 60 };

/** Proof nonces one user may ask for: a custody call spends one (two on a refused retry), a flood is cut off. */
export const DEFAULT_NONCE_LIMIT_PER_USER: Window = { points: 60, durationSec: 60 };

/** Proof nonces one client IP may ask for, all its users together (a shared office NAT stays well inside). */
export const DEFAULT_NONCE_LIMIT_PER_IP: Window = { points: 120, durationSec: 60 };

/** At most `points` events per `durationSec` seconds. */
export interface Window {
  points: number;
  durationSec: number;
}

/** The SMS pumping caps: sends per app per destination country, and per E.164 prefix of `prefixDigits`. */
export interface SmsCaps {
  perCountry: Window;
  perPrefix: Window;
  /** Digits of the E.164 number (country code included) that make a prefix, e.g. 7: +1 415 555. */
  prefixDigits: number;
}

/** Default SMS caps: far above a real app's hourly logins from one country or one number block. */
export const DEFAULT_SMS_CAPS: SmsCaps = {
  perCountry: { points: 500, durationSec: 3600 },
  perPrefix: { points: 20, durationSec: 3600 },
  prefixDigits: 7,
};

/** A `points/seconds` window from `name`'s value, or `fallback` when unset; throws ConfigError otherwise. */
export function parseWindow(name: string, raw: string | undefined, fallback: Window): Window {
  if (raw === undefined || raw.trim() === '') return fallback;
  const match = raw.trim().match(/^(\d{1,9})\/(\d{1,9})$/);
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
    throw new ConfigError(`${name} must be points/seconds with both at least 1 (e.g. 500/3600), got "${raw}".`);
  }
  return { points: Number(match[1]), durationSec: Number(match[2]) };
}

/** The SMS pumping caps from LATCH_SMS_LIMIT_PER_COUNTRY, …_PER_PREFIX and LATCH_SMS_PREFIX_DIGITS. */
export function parseSmsCaps(env: NodeJS.ProcessEnv): SmsCaps {
  const rawDigits = env.LATCH_SMS_PREFIX_DIGITS?.trim();
  const prefixDigits = rawDigits ? Number(rawDigits) : DEFAULT_SMS_CAPS.prefixDigits;
  if (!Number.isInteger(prefixDigits) || prefixDigits < 2 || prefixDigits > 14) {
    throw new ConfigError(`LATCH_SMS_PREFIX_DIGITS must be a whole number from 2 to 14, got "${rawDigits}".`);
  }
  return {
    perCountry: parseWindow(
      'LATCH_SMS_LIMIT_PER_COUNTRY',
      env.LATCH_SMS_LIMIT_PER_COUNTRY,
      DEFAULT_SMS_CAPS.perCountry,
    ),
    perPrefix: parseWindow('LATCH_SMS_LIMIT_PER_PREFIX', env.LATCH_SMS_LIMIT_PER_PREFIX, DEFAULT_SMS_CAPS.perPrefix),
    prefixDigits,
  };
}
