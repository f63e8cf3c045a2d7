import type { TestServer } from './harness.js';
import { widgetHeaders } from './harness.js';

/** The host site and the API host of the cookie-mode tests (custom_api_url `https://auth.example.com`). */
export const HOST_SITE = 'https://example.com';
export const API_HOST = 'auth.example.com';

/** The browser's side of cookie mode: a cookie jar for the API host, requests from the host page. */
export function cookieBrowser(server: TestServer, appId: string, clientId: string) {
  const jar = new Map<string, string>();
  const setCookies: string[][] = [];
  const keep = (response: Response) => {
    const cookies = response.headers.getSetCookie();
    setCookies.push(cookies);
    for (const cookie of cookies) {
      const [pair = ''] = cookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (/max-age=0(;|$)/i.test(cookie)) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  };
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  /** A request from the host page (`fetch` with credentials): the app header, JSON, the cookies. */
  const send = async (
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ) =>
    keep(
      await server.call(method, path, {
        body: options.body,
        headers: {
          ...widgetHeaders(appId, clientId),
          host: API_HOST,
          origin: HOST_SITE,
          cookie: cookieHeader(),
          ...options.headers,
        },
      }),
    );
  /** What a cross-site HTML form sends: a form body, the cookies the browser attaches, no custom header. */
  const formPost = async (path: string, origin: string) =>
    keep(
      await server.call('POST', path, {
        rawBody: 'a=1',
        headers: {
          host: API_HOST,
          origin,
          cookie: cookieHeader(),
          'content-type': 'application/x-www-form-urlencoded',
        },
      }),
    );
  return { jar, setCookies, send, formPost, lastSetCookies: () => setCookies.at(-1) ?? [] };
}
