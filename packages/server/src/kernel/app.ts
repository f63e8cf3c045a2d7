import { errorBody } from '@latch/protocol';
import { Hono } from 'hono';
import type { ServerContext } from './context.js';
import type { AppEnv, Caller, CallerCheck, RouteDef } from './http/env.js';
import { handleError } from './http/errors.js';
import { healthRoutes } from './http/healthRoutes.js';
import { metricsMiddleware } from './http/metrics.js';
import { requestLog } from './http/requestLog.js';
import type { LatchModule } from './module.js';

/** The caller checks the modules declare, one per kind; a kind declared twice is refused. */
function callerChecks(modules: readonly LatchModule[]): Map<Caller, CallerCheck> {
  const checks = new Map<Caller, CallerCheck>();
  for (const module of modules)
    for (const [kind, check] of Object.entries(module.callers ?? {}) as Array<[Caller, CallerCheck]>) {
      if (checks.has(kind)) throw new Error(`caller kind "${kind}" is checked by two modules`);
      checks.set(kind, check);
    }
  return checks;
}

/**
 * Builds the Hono app: the context, metrics and request log; the modules' middleware (identity's app
 * resolution and CORS); then each module's routes (and `extraRoutes`) behind the caller check they name
 * (dev-only routes only in dev mode); error mapping.
 */
export function createApp(
  ctx: ServerContext,
  modules: readonly LatchModule[],
  extraRoutes: readonly RouteDef[] = [],
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('ctx', ctx);
    await next();
  });
  app.use('*', metricsMiddleware(ctx.metrics));
  app.use('*', requestLog());
  for (const module of modules) for (const middleware of module.middleware ?? []) app.use('*', middleware);
  // Bodies are size-limited where they are read (`readJson`: an oversized one is refused before it is
  // buffered whole); no body-limit middleware, which would build a web Request for every request.
  const checks = callerChecks(modules);
  const routes = [...healthRoutes, ...modules.flatMap((module) => module.routes ?? []), ...extraRoutes];
  for (const route of routes) {
    if (route.devOnly && !ctx.settings.dev) continue;
    const method = route.method.toUpperCase();
    if (!route.caller) {
      app.on(method, route.path, route.handler);
      continue;
    }
    const check = checks.get(route.caller);
    if (!check)
      throw new Error(`route ${method} ${route.path} requires caller "${route.caller}", which no module checks`);
    app.on(method, route.path, check, route.handler);
  }
  app.notFound((c) => c.json(errorBody('not_found'), 404));
  app.onError(handleError);
  return app;
}
