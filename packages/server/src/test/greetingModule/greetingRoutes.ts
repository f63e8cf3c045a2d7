import { userDid } from '@latch/protocol';
import type { RouteDef } from '../../kernel/http/env.js';

/** The example module's paths (a real module takes them from its protocol file). */
export const GREETING_PATHS = { greeting: '/api/v1/greeting' } as const;

/** GET /api/v1/greeting: the calling user's greeting (an access token required). */
export const greetingRoutes: RouteDef[] = [
  {
    method: 'get',
    path: GREETING_PATHS.greeting,
    caller: 'user',
    handler: async (c) => {
      const { id } = c.get('user').user;
      return c.json(await c.get('ctx').greetings.greet(id, userDid(id)));
    },
  },
];
