import { COOKIE_ACCESS_TOKEN, FRAME_SESSION_TOKEN_PATH, HEADER, LatchError, TIMEOUT } from '@latch/protocol';
import type { WalletEvent } from '@latch/protocol/frame';
import type { EventRoute } from '../router.js';

// Cookie mode (issue #34, docs/custody.md "Cookie mode"): the host page holds no access token and hands the
// frame COOKIE_ACCESS_TOKEN instead. The frame, on the API's own origin, reads the session cookie's token from
// the server (a call only that origin may make) and goes on exactly as with a token handed to it: it verifies
// the token and its owner, and signs its custody calls' proofs over it.

/** Where the frame reads the cookie's token. */
export interface CookieTokenSource {
  apiUrl: string;
  appId: string;
  fetch?: typeof fetch;
  now?: () => number;
}

/** A JWT's `exp` in ms, unverified (the frame verifies the token itself next); 0 when unreadable: not kept. */
function expiryMs(token: string): number {
  try {
    const exp = JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))).exp;
    return typeof exp === 'number' ? exp * 1000 : 0;
  } catch {
    return 0;
  }
}

/** Reads the session cookie's access token, kept until 30 s before its expiry (SPEC §4's margin). */
export function cookieTokenReader(source: CookieTokenSource): () => Promise<string> {
  const doFetch = source.fetch ?? globalThis.fetch.bind(globalThis);
  const now = source.now ?? Date.now;
  let kept: { token: string; until: number } | null = null;
  return async () => {
    if (kept && kept.until > now()) return kept.token;
    const response = await doFetch(`${source.apiUrl}${FRAME_SESSION_TOKEN_PATH}`, {
      method: 'POST',
      headers: { [HEADER.appId]: source.appId, 'content-type': 'application/json' },
      body: '{}',
      credentials: 'same-origin',
    });
    const body = (await response.json().catch(() => null)) as { token?: unknown } | null;
    if (!response.ok || typeof body?.token !== 'string') throw new LatchError('missing_or_invalid_token');
    kept = { token: body.token, until: expiryMs(body.token) - TIMEOUT.tokenExpiryMargin };
    return body.token;
  };
}

/** The routes, each handed the cookie's token where the host page sent COOKIE_ACCESS_TOKEN. */
export function cookieSessionRoutes(
  routes: Partial<Record<WalletEvent, EventRoute>>,
  readToken: () => Promise<string>,
): Partial<Record<WalletEvent, EventRoute>> {
  const wrapped: Partial<Record<WalletEvent, EventRoute>> = {};
  for (const [event, route] of Object.entries(routes) as [WalletEvent, EventRoute][]) {
    wrapped[event] = {
      schema: route.schema,
      async handle(data) {
        const usesCookie = (data as { accessToken?: unknown } | null)?.accessToken === COOKIE_ACCESS_TOKEN;
        return route.handle(usesCookie ? { ...(data as object), accessToken: await readToken() } : data);
      },
    };
  }
  return wrapped;
}
