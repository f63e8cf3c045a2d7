import { LatchError } from '@latch/protocol';
import { isLoopbackHostname } from '../../kernel/http/loopback.js';

// Cookie mode (issue #34, docs/deploy.md "Cookie mode"): an app whose config sets `custom_api_url` serves
// Latch's server on its own site, and its sessions live in HttpOnly cookies of that site.

/** Where an app's session cookies go: the API's host (what requests must name) and the cookies' Domain. */
export interface CookieSite {
  /** The `custom_api_url`'s `host` (hostname and port): cookie mode answers only requests to it. */
  apiHost: string;
  /** The cookies' Domain attribute: the host site's hostname; undefined: host-only (the API's hostname is the site's). */
  domain: string | undefined;
}

const refuse = (why: string) => new LatchError('invalid_custom_api_url', `custom_api_url ${why}`);

/**
 * The cookie site of `customApiUrl` for an app with `allowedOrigins`: an https origin (plain http on this
 * machine, or in dev mode) whose hostname is an allowed origin's hostname or a subdomain of one (the cookies'
 * Domain, so the host site's pages and backend see them). Throws `invalid_custom_api_url` for a value that
 * cannot work: a browser would refuse the cookies, or the host site would never see them.
 */
export function cookieSiteOf(
  customApiUrl: string,
  allowedOrigins: readonly string[],
  options: { dev: boolean },
): CookieSite {
  let url: URL;
  try {
    url = new URL(customApiUrl);
  } catch {
    throw refuse('is not a URL.');
  }
  if (url.origin !== customApiUrl.replace(/\/$/, ''))
    throw refuse('must be an origin such as https://auth.example.com (no path).');
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && (options.dev || isLoopbackHostname(url.hostname))))
    throw refuse('must use https: session cookies are Secure (http only on this machine).');
  const site = allowedOrigins
    .map((origin) => new URL(origin).hostname)
    .filter((hostname) => url.hostname === hostname || url.hostname.endsWith(`.${hostname}`))
    .sort((a, b) => a.length - b.length)[0];
  if (site === undefined)
    throw refuse(
      `(${url.hostname}) must be the hostname of an allowed origin or a subdomain of one (auth.example.com for https://example.com).`,
    );
  return { apiHost: url.host, domain: site === url.hostname ? undefined : site };
}
