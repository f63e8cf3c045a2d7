import { OPS_API } from '@latch/protocol';
import { sql } from 'kysely';
import type { RouteDef } from './env.js';

/** Liveness (with a database round trip) and Prometheus metrics. */
export const healthRoutes: RouteDef[] = [
  {
    method: 'get',
    path: OPS_API.health,
    handler: async (c) => {
      const { ctx } = c.var;
      try {
        await sql`select 1`.execute(ctx.db);
        return c.json({ status: 'ok', database: ctx.dbKind });
      } catch {
        return c.json({ status: 'error', database: ctx.dbKind }, 503);
      }
    },
  },
  {
    method: 'get',
    path: OPS_API.metrics,
    handler: async (c) => {
      const { ctx } = c.var;
      c.header('Content-Type', ctx.metrics.registry.contentType);
      return c.body(await ctx.metrics.registry.metrics());
    },
  },
];
