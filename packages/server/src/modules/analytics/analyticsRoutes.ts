import { ANALYTICS_API } from '@latch/protocol';
import { schemas } from '@latch/protocol/schemas';
import { namedApp } from '../../identity/http/resolveApp.js';
import type { RouteDef } from '../../kernel/http/env.js';
import { parseBody } from '../../kernel/http/parseBody.js';

/** Client analytics events (SPEC §7): validated and counted; the payload is not stored. */
export const analyticsRoutes: RouteDef[] = [
  {
    method: 'post',
    path: ANALYTICS_API.events,
    handler: async (c) => {
      const ctx = c.get('ctx');
      const body = await parseBody(c, schemas.AnalyticsEventBody);
      const app = namedApp(c);
      ctx.metrics.analyticsEvents.inc();
      ctx.logger.debug({ app_id: app.id, event_name: body.event_name }, 'analytics event');
      return c.body(null, 204);
    },
  },
];
