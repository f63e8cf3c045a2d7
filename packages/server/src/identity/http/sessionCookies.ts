import {
  DEPRECATED_REFRESH_TOKEN,
  HEADER,
  IDENTITY_API,
  SESSION_COOKIE,
  SESSION_MARKER_LIFETIME_SECONDS,
  type TokenResponse,
} from '@latch/protocol';
import type { MiddlewareHandler } from 'hono';
import { generateCookie, getCookie } from 'hono/cookie';
import type { CookieOptions } from 'hono/utils/cookie';
import { decodeJwt } from 'jose';
import type { AppEnv, LatchContext } from '../../kernel/http/env.js';
import { type CookieSite, cookieSiteOf } from '../apps/cookieSite.js';
import { REFRESH_TOKEN_TTL_MS } from '../sessions/refreshTokens.js';

// Cookie mode (issue #34, docs/server.md "Cookie mode"). For an app with `custom_api_url`, a request to that
// host gets its session in HttpOnly cookies of the app's site, and its token responses carry SPEC §4's
// placeholders ('ignore', refresh token 'deprecated'): the page holds nothing it could replay.

/** The session cookies a request may authenticate with (only when it names its app in the `latch-app-id` header). */
export interface RequestSessionCookies {
  token: string | undefined;
  refreshToken: string | undefined;
}

/**
 * The cookie site of the request: its app sets `custom_api_url` and the request came to that host (so the
 * browser keeps cookies for that site); undefined otherwise (local mode: nothing here changes anything).
 */
export function requestCookieSite(c: LatchContext): CookieSite | undefined {
  const app = c.get('app');
  const customApiUrl = app?.config.custom_api_url;
  if (!app || !customApiUrl) return undefined;
  let site: CookieSite;
  try {
    site = cookieSiteOf(customApiUrl, app.allowedOrigins, { dev: c.get('ctx').settings.dev });
  } catch {
    return undefined; // a value stored before the check existed: local mode
  }
  return c.req.header('host')?.toLowerCase() === site.apiHost ? site : undefined;
}

/** Seconds until a JWT's `exp` (at least 0). */
function secondsLeft(jwt: string, nowMs: number): number {
  const exp = decodeJwt(jwt).exp;
  return typeof exp === 'number' ? Math.max(0, exp - Math.floor(nowMs / 1000)) : 0;
}

/** The attributes of each cookie: the refresh token only to the session paths of the API's own host. */
function cookieOptions(site: CookieSite, name: string, maxAge: number): CookieOptions {
  const base: CookieOptions = { path: '/', secure: true, sameSite: 'Lax', maxAge, domain: site.domain };
  if (name === SESSION_COOKIE.refreshToken)
    return { ...base, httpOnly: true, sameSite: 'Strict', path: IDENTITY_API.sessions, domain: undefined };
  return name === SESSION_COOKIE.marker ? base : { ...base, httpOnly: true };
}

/** The Set-Cookie values that store a token response's tokens (SPEC §9 lifetimes). */
function setCookies(site: CookieSite, response: TokenResponse, nowMs: number): string[] {
  const { token, refresh_token: refreshToken, identity_token: identityToken } = response;
  if (!token || !refreshToken) return [];
  const tokenSeconds = secondsLeft(token, nowMs);
  const exp = Math.floor(nowMs / 1000) + tokenSeconds;
  const cookie = (name: string, value: string, maxAge: number) =>
    generateCookie(name, value, cookieOptions(site, name, maxAge));
  return [
    // SPEC §9: "The token cookie lasts until token expiry."
    cookie(SESSION_COOKIE.token, token, tokenSeconds),
    cookie(SESSION_COOKIE.refreshToken, refreshToken, REFRESH_TOKEN_TTL_MS / 1000),
    ...(identityToken ? [cookie(SESSION_COOKIE.identityToken, identityToken, secondsLeft(identityToken, nowMs))] : []),
    // SPEC §9: "Server-cookie refresh marker cookie lifetime: 30 days."
    cookie(SESSION_COOKIE.marker, String(exp), SESSION_MARKER_LIFETIME_SECONDS),
  ];
}

/** The Set-Cookie values that delete every session cookie. */
export function clearCookies(site: CookieSite): string[] {
  return Object.values(SESSION_COOKIE).map((name) => generateCookie(name, '', cookieOptions(site, name, 0)));
}

/**
 * SPEC §4's placeholders: no token, the refresh token 'deprecated', action 'ignore' (store only a token given). A
 * fork's second refresh token goes too: in cookie mode no page script holds one (a hand-off code is the way).
 */
function placeholderBody(response: TokenResponse): TokenResponse {
  const { identity_token: _identity, new_session_refresh_token: _fork, ...rest } = response;
  return { ...rest, token: null, refresh_token: DEPRECATED_REFRESH_TOKEN, session_update_action: 'ignore' };
}

const isTokenResponse = (body: unknown): body is TokenResponse =>
  typeof body === 'object' &&
  body !== null &&
  'user' in body &&
  typeof (body as TokenResponse).token === 'string' &&
  typeof (body as TokenResponse).refresh_token === 'string';

/** A copy of `response` with `body` as its JSON and `cookies` added. */
function withCookies(response: Response, cookies: string[], body?: unknown): Response {
  const headers = new Headers(response.headers);
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  if (body === undefined) return new Response(response.body, { status: response.status, headers });
  headers.delete('content-length');
  return new Response(JSON.stringify(body), { status: response.status, headers });
}

/** Moves a token response's tokens into cookies; a logout or a refused refresh deletes them. */
async function answerWithCookies(c: LatchContext, site: CookieSite): Promise<void> {
  const response = c.res;
  // Token responses, logout and the refused session calls are all POST answers in JSON: nothing else is read.
  if (c.req.method !== 'POST' || !response.headers.get('content-type')?.startsWith('application/json')) return;
  const path = c.req.path;
  const session = path === IDENTITY_API.sessions || path === IDENTITY_API.logout || path === IDENTITY_API.fork;
  // A refused refresh, logout or fork: the cookies hold a dead session (the client then signs out).
  if (session && response.status === 401) {
    c.res = withCookies(response, clearCookies(site));
    return;
  }
  if (response.status !== 200) return;
  const body: unknown = await response.clone().json();
  if (isTokenResponse(body)) {
    c.res = withCookies(response, setCookies(site, body, c.get('ctx').clock.now().getTime()), placeholderBody(body));
  } else if ((body as TokenResponse | null)?.session_update_action === 'clear') {
    c.res = withCookies(response, clearCookies(site));
  }
}

/**
 * Cookie mode for the request's app (after `resolveApp`): the session cookies are a credential only for a
 * request that names its app in the `latch-app-id` header and sends no Authorization header — a header a
 * cross-site form or a navigation cannot send, and a cross-origin page only after a preflight its origin
 * passes (CSRF; SameSite is the second line). Token responses then set the cookies and carry placeholders.
 */
export function sessionCookies(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const site = requestCookieSite(c);
    if (!site) return next();
    const origin = c.req.header('origin');
    if (origin && c.get('app')?.allowedOrigins.includes(origin)) c.header('Access-Control-Allow-Credentials', 'true');
    if (c.get('appSource') === 'header' && c.req.header(HEADER.authorization) === undefined) {
      c.set('sessionCookies', {
        token: getCookie(c, SESSION_COOKIE.token),
        refreshToken: getCookie(c, SESSION_COOKIE.refreshToken),
      });
    }
    await next();
    await answerWithCookies(c, site);
  };
}
