import { DEV_PATH_PREFIXES, HEADER, LatchError } from '@latch/protocol';
import { FARCASTER_CHANNEL_TOKEN_HEADER } from '@latch/protocol/farcaster';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv, LatchContext } from '../../kernel/http/env.js';
import { hostnameOfHostHeader, isLoopbackHostname, isLoopbackOrigin } from '../../kernel/http/loopback.js';
import type { AppRecord } from '../apps/appStore.js';

const ALLOWED_HEADERS = [
  'content-type',
  HEADER.authorization,
  HEADER.appId,
  HEADER.clientId,
  HEADER.clientAnalyticsId,
  HEADER.client,
  // The Farcaster status poll carries its channel token in a header (a GET has no body; a query is logged).
  FARCASTER_CHANNEL_TOKEN_HEADER,
];
const ALLOWED_METHODS = 'GET, POST, PATCH, PUT, DELETE, OPTIONS';

const origins = new Map<string, string>();
/** The origin of the server's public URL, parsed once (not on every request). */
function originOf(url: string): string {
  let origin = origins.get(url);
  if (origin === undefined) {
    origin = new URL(url).origin;
    origins.set(url, origin);
  }
  return origin;
}

const isDevPath = (path: string) => DEV_PATH_PREFIXES.some((prefix) => path.startsWith(prefix));

/**
 * Dev paths (the outbox holds every login code; the app endpoints change apps) answer only this
 * machine: an Origin, when a browser sends one, must be a loopback origin or the server's own (the
 * demo runs on localhost), and the Host must name this machine or the public URL's host, so a page
 * that rebinds its own name to 127.0.0.1 cannot read the outbox same-origin. Clients that send no
 * Origin (curl, the e2e suite) pass. Anything else is refused before the route runs, without CORS headers.
 */
function devPathAllowed(c: LatchContext, origin: string | undefined, ownOrigin: string): boolean {
  if (origin !== undefined && origin !== ownOrigin && !isLoopbackOrigin(origin)) return false;
  const host = c.req.header('host');
  if (host === undefined) return true;
  const hostname = hostnameOfHostHeader(host);
  return hostname !== undefined && (isLoopbackHostname(hostname) || hostname === new URL(ownOrigin).hostname);
}

const devRefusal = () =>
  new LatchError('invalid_origin', 'Dev endpoints answer only this machine: loopback origins and the server origin.');

/** True when `origin` may call: the server's own, a dev path's (past `cors()`'s check), or one `app` allows. */
export function originAllowed(c: LatchContext, origin: string, app: AppRecord | undefined): boolean {
  const { settings } = c.get('ctx');
  if (origin === originOf(settings.publicUrl)) return true;
  if (settings.dev && isDevPath(c.req.path)) return true;
  if (!app) return false;
  // Cookie mode: the app's own API host serves the wallet frame, whose calls name that origin.
  return (
    app.allowedOrigins.includes(origin) ||
    (!!app.config.custom_api_url && origin === originOf(app.config.custom_api_url))
  );
}

/**
 * CORS from the app's allowed origins. Preflights carry no header values, so they pass when any app
 * allows the origin; the actual request was checked against its own app by `resolveApp`, and here
 * gets the CORS headers when its origin is allowed.
 */
export function cors(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const ctx = c.get('ctx');
    const origin = c.req.header('origin');
    const ownOrigin = originOf(ctx.settings.publicUrl);
    if (ctx.settings.dev && isDevPath(c.req.path) && !devPathAllowed(c, origin, ownOrigin)) throw devRefusal();

    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      const allowed =
        origin !== undefined &&
        (originAllowed(c, origin, undefined) || (await ctx.apps.anyAppAllowsOrigin(origin).catch(() => false)));
      c.header('Vary', 'Origin');
      if (!allowed || !origin) return c.body(null, 204);
      c.header('Access-Control-Allow-Origin', origin);
      c.header('Access-Control-Allow-Methods', ALLOWED_METHODS);
      c.header('Access-Control-Allow-Headers', ALLOWED_HEADERS.join(', '));
      c.header('Access-Control-Max-Age', '600');
      // Cookie mode's requests carry credentials (sessionCookies.ts); the actual answer says whether it allows them.
      c.header('Access-Control-Allow-Credentials', 'true');
      return c.body(null, 204);
    }

    if (origin && originAllowed(c, origin, c.get('app'))) {
      c.header('Access-Control-Allow-Origin', origin);
      c.header('Vary', 'Origin');
      c.header('Access-Control-Expose-Headers', 'Retry-After');
    }
    await next();
  };
}
