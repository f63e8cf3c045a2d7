import { COOKIE_ACCESS_TOKEN, SESSION_COOKIE, TIMEOUT } from '@latch/protocol';

// Cookie mode (issue #34, docs/client.md "Cookie mode"): the tokens are HttpOnly cookies of the app's site; the
// page reads only the server's refresh marker, whose value is the access token's expiry (seconds since the epoch).

/** The refresh marker's value (the access cookie's expiry, seconds), or null when no server cookies exist. */
export function sessionMarker(cookies = globalThis.document?.cookie ?? ''): number | null {
  const match = cookies.match(new RegExp(`(?:^|;\\s*)${SESSION_COOKIE.marker}=(\\d+)`));
  return match ? Number(match[1]) : null;
}

/** The placeholder for the access cookie while the marker says it is unexpired (30 s margin, SPEC §4); else null. */
export function cookieToken(nowMs: number): string | null {
  const exp = sessionMarker();
  return exp !== null && exp * 1000 - TIMEOUT.tokenExpiryMargin > nowMs ? COOKIE_ACCESS_TOKEN : null;
}

/** True when the app's config puts this client in cookie mode: its `custom_api_url` is the API the client calls. */
export function isCookieMode(customApiUrl: string | null | undefined, apiUrl: string): boolean {
  try {
    return !!customApiUrl && new URL(customApiUrl).origin === new URL(apiUrl).origin;
  } catch {
    return false;
  }
}
