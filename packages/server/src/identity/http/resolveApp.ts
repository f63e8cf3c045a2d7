import { HEADER, IDENTITY_API, isAppId, LatchError } from '@latch/protocol';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv, LatchContext } from '../../kernel/http/env.js';
import type { AppRecord } from '../apps/appStore.js';
import { unverifiedAudience } from '../tokens/accessToken.js';
import { originAllowed } from './cors.js';

// `/apps/:appId/…` (frame pages), `/api/v1/apps/:appId/…` (config, JWKS), `/api/v1/dev/apps/:appId` (dev).
/** Where the request named its app: the `latch-app-id` header, an `/apps/:appId` path, or (neither) the bearer token's audience. */
export type AppSource = 'header' | 'path' | 'token';

const APP_PATH = /^\/(?:api\/v1\/(?:dev\/)?)?apps\/([^/]+)/;
const BEARER = /^Bearer\s+(\S+)$/i;

/** The bearer token of the request, if any: the Authorization header's, else (cookie mode) the session cookie's. */
export function bearerToken(c: LatchContext): string | undefined {
  return c.req.header(HEADER.authorization)?.match(BEARER)?.[1] ?? c.get('sessionCookies')?.token;
}

/**
 * The app id a request names, and where: an `/apps/:appId` path (the resource it addresses), else the
 * `latch-app-id` header, else the bearer token's audience (a backend calling with a token alone).
 * The one place on the server that reads an app id from a request (resolveApp.test.ts enforces it).
 */
function requestAppId(c: LatchContext): { id: string; source: AppSource } | undefined {
  const fromPath = c.req.path.match(APP_PATH)?.[1];
  if (fromPath !== undefined) return { id: fromPath, source: 'path' };
  const fromHeader = c.req.header(HEADER.appId);
  if (fromHeader !== undefined) return { id: fromHeader, source: 'header' };
  const token = bearerToken(c);
  const fromToken = token === undefined ? undefined : unverifiedAudience(token);
  return fromToken === undefined ? undefined : { id: fromToken, source: 'token' };
}

const isPreflight = (c: LatchContext) =>
  c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined;

/**
 * Resolves the request's app once, onto `c.get('app')` (with `appSource`, or `appProblem` when the named
 * app is malformed or unknown), and checks the request against it: a client id of another app is 403
 * `invalid_client_id`, an Origin the app does not allow 403 `invalid_origin`. Preflights carry no
 * header values and are answered by `cors()`.
 */
export function resolveApp(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (isPreflight(c)) return next();
    const named = requestAppId(c);
    let app: AppRecord | undefined;
    if (named) {
      c.set('appSource', named.source);
      if (!isAppId(named.id)) c.set('appProblem', 'invalid_app_id');
      else {
        app = await c.get('ctx').apps.get(named.id);
        if (app) c.set('app', app);
        else c.set('appProblem', 'app_not_found');
      }
    }
    if (app) {
      const clientId = c.req.header(HEADER.clientId);
      if (clientId && !app.clientIds.includes(clientId)) throw new LatchError('invalid_client_id');
      const origin = c.req.header('origin');
      if (origin && !originAllowed(c, origin, app)) {
        // The app-config GET's refusal is readable by the refused page (the body is the error code and
        // nothing of the app), so a dev build can tell a missing origin from a network failure.
        if (c.req.method === 'GET' && c.req.path === IDENTITY_API.appConfig(app.id)) {
          c.header('Access-Control-Allow-Origin', origin);
          c.header('Vary', 'Origin');
        }
        throw new LatchError('invalid_origin');
      }
    }
    await next();
  };
}

/**
 * The app the request names by header or path: 400 `invalid_app_id` when it names none or a malformed
 * one, 404 `app_not_found` for an unknown one; undefined only with `optional` and no app named.
 */
export function namedApp(c: LatchContext): AppRecord;
export function namedApp(c: LatchContext, optional: 'optional'): AppRecord | undefined;
export function namedApp(c: LatchContext, optional?: 'optional'): AppRecord | undefined {
  const source = c.get('appSource');
  if (source === undefined || source === 'token') {
    if (optional) return undefined;
    throw new LatchError('invalid_app_id');
  }
  const app = c.get('app');
  if (!app) throw new LatchError(c.get('appProblem') ?? 'invalid_app_id');
  return app;
}
