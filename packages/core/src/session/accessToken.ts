import { TIMEOUT } from '@latch/protocol';
import type { JWTPayload } from 'jose';

/** UTF-8 that refuses malformed bytes, as jose's decodeJwt reads a payload. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The claims of an access token, decoded without verifying (the server verifies); null when unreadable.
 * Only decoding (no signature, no crypto), so it is done here rather than with jose's decodeJwt: that pulled
 * ~570 B gzip of jose into every host page's initial JavaScript (docs/widget.md "Initial bundle"). It accepts
 * what decodeJwt accepts: a three-part compact JWS whose payload is base64url JSON of a plain object.
 */
export function readClaims(token: string): JWTPayload | null {
  try {
    const parts = token.split('.');
    const payload = parts[1];
    if (parts.length !== 3 || !payload || /[+/]/.test(payload)) return null;
    const binary = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(utf8.decode(Uint8Array.from(binary, (char) => char.charCodeAt(0))));
    if (Object.prototype.toString.call(claims) !== '[object Object]') return null;
    const prototype = Object.getPrototypeOf(claims);
    return prototype === null || Object.getPrototypeOf(prototype) === null ? (claims as JWTPayload) : null;
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
