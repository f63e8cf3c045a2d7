import type { MiddlewareHandler } from 'hono';
import { CLIENT_CLOSED_REQUEST } from './clientAbort.js';
import type { AppEnv } from './env.js';

const SERVICE_UNAVAILABLE = 503;

/** One log line per request: method, route pattern, status, time. Never headers, bodies or query strings. */
export function requestLog(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const start = performance.now();
    await next();
    const { logger } = c.get('ctx');
    const status = c.res.status;
    const line = {
      method: c.req.method,
      route: c.req.routePath,
      status,
      ms: Math.round((performance.now() - start) * 10) / 10,
    };
    // A 503 is a dependency down (or the frame not built): readiness and the watch's one line per outage
    // say so; one error line per refused request would bury them. /metrics counts them by status.
    if (status >= 500 && status !== SERVICE_UNAVAILABLE) logger.error(line, 'request');
    else if (status === CLIENT_CLOSED_REQUEST)
      logger.debug({ ...line, aborted: true }, 'request aborted by the client');
    else logger.debug(line, 'request');
  };
}
