import { MFA_LIMIT } from '@latch/protocol/mfa';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 with otpauth: SHA-1, 6 digits, 30 s (what every authenticator app reads from the QR code). */
function totpOf(secret: string, issuer = '', label = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: MFA_LIMIT.totpDigits,
    period: MFA_LIMIT.totpPeriodSeconds,
    secret: Secret.fromBase32(secret),
  });
}

/** A fresh random secret (160 bits, otpauth's CSPRNG), base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URL of a secret, for the QR code: issuer = the app's name, label = the user's name. */
export function totpAuthUrl(secret: string, issuer: string, label: string): string {
  return totpOf(secret, issuer, label).toString();
}

/**
 * The RFC 6238 time step `code` belongs to, within ±`MFA_LIMIT.totpWindow` steps of `nowMs`, or null
 * when it fits none. The caller refuses a step not later than the last accepted one (replay).
 */
export function totpStep(secret: string, code: string, nowMs: number): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: nowMs, window: MFA_LIMIT.totpWindow });
  if (delta === null) return null;
  return Math.floor(nowMs / 1000 / MFA_LIMIT.totpPeriodSeconds) + delta;
}
