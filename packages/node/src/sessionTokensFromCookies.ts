import { SESSION_COOKIE } from '@latch/protocol';

/** The tokens a request's cookies carry in cookie mode (`custom_api_url`; docs/node-sdk.md "Cookie mode"). */
export interface SessionCookieTokens {
  /** The access token (`latch-token`), for `verifyAccessToken`. */
  accessToken: string | null;
  /** The identity token (`latch-identity-token`), for `verifyIdentityToken`. */
  identityToken: string | null;
}

/**
 * Reads the session cookies from a request's `Cookie` header: in cookie mode the browser sends them to the host
 * site's backend with every request (the page itself holds no token). Verify what it returns as usual.
 */
export function sessionTokensFromCookies(cookieHeader: string | null | undefined): SessionCookieTokens {
  const values = new Map<string, string>();
  for (const part of (cookieHeader ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) values.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  const read = (name: string) => values.get(name) || null;
  return { accessToken: read(SESSION_COOKIE.token), identityToken: read(SESSION_COOKIE.identityToken) };
}
