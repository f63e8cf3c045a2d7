import { errorBody } from '@latch/protocol';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ServerContext } from './context.js';
import { cors } from './http/cors.js';
import type { AppEnv, RouteDef } from './http/env.js';
import { handleError } from './http/errors.js';
import { metricsMiddleware } from './http/metrics.js';
import { MAX_BODY_BYTES } from './http/parseBody.js';
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
  // Stops reading an oversized body early instead of buffering it whole.
  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json(errorBody('invalid_data', 'The request body is too large.'), 413),
    }),
  );
  for (const route of routes) {
    if (route.devOnly && !ctx.settings.dev) continue;
    app.on(route.method.toUpperCase(), route.path, (c) => route.handler(c, ctx));
  }
  app.notFound((c) => c.json(errorBody('not_found'), 404));
  app.onError(handleError);
  return app;
}
