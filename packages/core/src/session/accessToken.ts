import { TIMEOUT } from '@latch/protocol';
import { decodeJwt, type JWTPayload } from 'jose';

/** The claims of an access token, decoded without verifying (the server verifies); null when unreadable. */
export function readClaims(token: string): JWTPayload | null {
  try {
    return decodeJwt(token);
  } catch {
    return null;
  }
}

/** True when the token is not expired, counting it expired TIMEOUT.tokenExpiryMargin (30 s) early (SPEC §4). */
export function isTokenActive(token: string, nowMs: number): boolean {
  const exp = readClaims(token)?.exp;
  return typeof exp === 'number' && exp * 1000 - TIMEOUT.tokenExpiryMargin > nowMs;
}

/** True when the token's audience names this app (a token of another app means: log out). */
export function hasAudience(token: string, appId: string): boolean {
  const aud = readClaims(token)?.aud;
  return Array.isArray(aud) ? aud.includes(appId) : aud === appId;
}
