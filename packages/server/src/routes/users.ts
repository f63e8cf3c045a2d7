import { API } from '@latch/protocol';
import { schemas } from '@latch/protocol/schemas';
import type { RouteDef } from '../http/env.js';
import { parseBody } from '../http/parseBody.js';
import { requireUser } from '../http/requireUser.js';
import { toWireUser } from '../services/userRecords.js';
import { acceptTerms } from '../services/users.js';

/** The signed-in user. */
export const userRoutes: RouteDef[] = [
  {
    method: 'get',
    path: API.me,
    handler: async (c) => {
      const user = await requireUser(c);
      return c.json({ user: toWireUser(user) });
    },
  },
  {
    method: 'post',
    path: API.acceptTerms,
    handler: async (c, ctx) => {
      await parseBody(c, schemas.EmptyBody);
      const user = await requireUser(c);
      return c.json(toWireUser(await acceptTerms(ctx, user.app.id, user.user.id)));
    },
  },
];
