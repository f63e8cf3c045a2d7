import { SECURITY_EVENTS_PATH } from '@latch/protocol';
import type { RouteDef } from '../../kernel/http/env.js';
import { listSecurityEvents, parseBefore } from './listSecurityEvents.js';

/** The signed-in user's own security events (bearer token), newest first; `?before=<event id>` pages on. */
export const securityEventRoutes: RouteDef[] = [
  {
    method: 'get',
    path: SECURITY_EVENTS_PATH,
    caller: 'user',
    handler: async (c) => {
      const ctx = c.get('ctx');
      const user = c.get('user');
      const before = parseBefore(c.req.query('before'));
      return c.json(await listSecurityEvents(ctx, user.app.id, user.user.id, before));
    },
  },
];
