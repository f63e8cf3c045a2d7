import { OPS_API } from '@latch/protocol';
import type { LatchContext, RouteDef } from './env.js';

/** Readiness: every dependency checked (each bounded by LATCH_DEPENDENCY_TIMEOUT_MS); 503 when a required one is down. */
async function readiness(c: LatchContext) {
  const ctx = c.get('ctx');
  const { ready, checks } = await ctx.dependencies.check();
  c.header('Cache-Control', 'no-store');
  return c.json({ status: ready ? 'ok' : 'unavailable', database: ctx.dbKind, checks }, ready ? 200 : 503);
}

/**
 * Liveness (`/livez`: the process answers, nothing else is touched), readiness (`/readyz`, and `/healthz`
 * for existing health checks: PostgreSQL, Redis when configured, the frame assets) and Prometheus metrics.
 * docs/deploy.md says which to give a load balancer and an orchestrator.
 */
export const healthRoutes: RouteDef[] = [
  { method: 'get', path: OPS_API.live, handler: (c) => c.json({ status: 'ok' }) },
  { method: 'get', path: OPS_API.ready, handler: readiness },
  { method: 'get', path: OPS_API.health, handler: readiness },
  {
    method: 'get',
    path: OPS_API.metrics,
    handler: async (c) => {
      const ctx = c.get('ctx');
      c.header('Content-Type', ctx.metrics.registry.contentType);
      return c.body(await ctx.metrics.registry.metrics());
    },
  },
];
