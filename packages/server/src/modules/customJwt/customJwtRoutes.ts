import { CUSTOM_JWT_API } from '@latch/protocol/oauth';
import { CustomJwtAuthenticateBody } from '@latch/protocol/schemas';
import { namedApp } from '../../identity/http/resolveApp.js';
import type { RouteDef } from '../../kernel/http/env.js';
import { parseBody } from '../../kernel/http/parseBody.js';
import { clientIp } from '../../kernel/throttle/clientIp.js';

/**
 * Custom token (SPEC §7 `custom_jwt_account` authenticate, docs/telegram-and-custom-token.md): the host
 * page sends the JWT its backend issued; a fresh login (TokenResponse with a device grant).
 */
export const customJwtRoutes: RouteDef[] = [
  {
    method: 'post',
    path: CUSTOM_JWT_API.authenticate,
    caller: 'app',
    handler: async (c) => {
      const app = namedApp(c);
      const { token } = await parseBody(c, CustomJwtAuthenticateBody);
      return c.json(await c.get('ctx').customJwt.logIn(app, token, clientIp(c)));
    },
  },
];
