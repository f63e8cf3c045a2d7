import { errorBody } from '@latch/protocol';
import { Hono } from 'hono';
import type { ServerContext } from './context.js';
import { cors } from './http/cors.js';
import type { AppEnv, RouteDef } from './http/env.js';
import { handleError } from './http/errors.js';
import { metricsMiddleware } from './http/metrics.js';
import { requestLog } from './http/requestLog.js';
import { routeTable } from './routes/index.js';

/** Builds the Hono app: middleware, the route table (dev-only routes only in dev mode), error mapping. */
export function createApp(ctx: ServerContext, routes: RouteDef[] = routeTable): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('ctx', ctx);
    await next();
  });
  app.use('*', metricsMiddleware(ctx.metrics));
  app.use('*', requestLog());
  app.use('*', cors());
  // Bodies are size-limited where they are read (`readJson`: an oversized one is refused before it is
  // buffered whole); no body-limit middleware, which would build a web Request for every request.
  for (const route of routes) {
    if (route.devOnly && !ctx.settings.dev) continue;
    app.on(route.method.toUpperCase(), route.path, (c) => route.handler(c, ctx));
  }
  app.notFound((c) => c.json(errorBody('not_found'), 404));
  app.onError(handleError);
  return app;
}
