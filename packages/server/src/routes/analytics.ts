import { API, HEADER } from '@latch/protocol';
import { schemas } from '@latch/protocol/schemas';
import type { RouteDef } from '../http/env.js';
import { parseBody } from '../http/parseBody.js';

/** Client analytics events (SPEC §7): validated and counted; the payload is not stored. */
export const analyticsRoutes: RouteDef[] = [
  {
    method: 'post',
    path: API.analytics,
    handler: async (c, ctx) => {
      const body = await parseBody(c, schemas.AnalyticsEventBody);
      const app = await ctx.apps.require(c.req.header(HEADER.appId));
      ctx.metrics.analyticsEvents.inc();
      ctx.logger.debug({ app_id: app.id, event_name: body.event_name }, 'analytics event');
      return c.body(null, 204);
    },
  },
];
