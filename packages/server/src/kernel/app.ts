import { errorBody } from '@latch/protocol';
import { Hono } from 'hono';
import { requireCaller } from '../identity/http/requireCaller.js';
import { resolveApp } from '../identity/http/resolveApp.js';
import { routeTable } from '../routeTable.js';
import type { ServerContext } from './context.js';
import { cors } from './http/cors.js';
import type { AppEnv, RouteDef } from './http/env.js';
import { handleError } from './http/errors.js';
import { metricsMiddleware } from './http/metrics.js';
import { requestLog } from './http/requestLog.js';

/**
 * Builds the Hono app: the context, metrics and request log; `resolveApp` (the request's app, its client
 * id and origin) and CORS; then each route of the table behind the `requireCaller` check it declares
 * (dev-only routes only in dev mode); error mapping.
 */
export function createApp(ctx: ServerContext, routes: RouteDef[] = routeTable): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('ctx', ctx);
    await next();
  });
  app.use('*', metricsMiddleware(ctx.metrics));
  app.use('*', requestLog());
  app.use('*', resolveApp());
  app.use('*', cors());
  // Bodies are size-limited where they are read (`readJson`: an oversized one is refused before it is
  // buffered whole); no body-limit middleware, which would build a web Request for every request.
  for (const route of routes) {
    if (route.devOnly && !ctx.settings.dev) continue;
    const method = route.method.toUpperCase();
    if (route.caller) app.on(method, route.path, requireCaller(route.caller), route.handler);
    else app.on(method, route.path, route.handler);
  }
  app.notFound((c) => c.json(errorBody('not_found'), 404));
  app.onError(handleError);
  return app;
}
