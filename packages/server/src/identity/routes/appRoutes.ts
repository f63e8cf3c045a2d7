import { IDENTITY_API, JWKS_PATH } from '@latch/protocol';
import type { RouteDef } from '../../kernel/http/env.js';
import { namedApp } from '../http/resolveApp.js';

/** App config and JWKS. */
export const appRoutes: RouteDef[] = [
  {
    method: 'get',
    path: IDENTITY_API.appConfig.pattern,
    caller: 'app',
    handler: async (c) => c.json(await c.get('ctx').apps.serverConfig(namedApp(c))),
  },
  {
    method: 'get',
    path: JWKS_PATH.pattern,
    caller: 'app',
    handler: async (c) => {
      const keys = await c.get('ctx').keys.publicKeys(namedApp(c).id);
      c.header('Cache-Control', 'public, max-age=60');
      return c.json({ keys: keys.map((k) => k.jwk) });
    },
  },
];
