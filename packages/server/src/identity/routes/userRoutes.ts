import { IDENTITY_API } from '@latch/protocol';
import { schemas } from '@latch/protocol/schemas';
import type { RouteDef } from '../../kernel/http/env.js';
import { parseBody } from '../../kernel/http/parseBody.js';
import { toWireUser } from '../users/userRecords.js';
import { acceptTerms } from '../users/users.js';

/** The signed-in user. */
export const userRoutes: RouteDef[] = [
  {
    method: 'get',
    path: IDENTITY_API.me,
    caller: 'user',
    handler: (c) => c.json({ user: toWireUser(c.get('user')) }),
  },
  {
    method: 'post',
    path: IDENTITY_API.acceptTerms,
    caller: 'user',
    handler: async (c) => {
      await parseBody(c, schemas.EmptyBody);
      const ctx = c.get('ctx');
      const user = c.get('user');
      return c.json(toWireUser(await acceptTerms(ctx, user.app.id, user.user.id)));
    },
  },
];
