import type { RouteDef } from '../http/env.js';

/** App config and JWKS. */
export const appRoutes: RouteDef[] = [
  {
    method: 'get',
    path: '/api/v1/apps/:appId',
    handler: async (c, ctx) => {
      const app = await ctx.apps.require(c.req.param('appId'));
      return c.json(await ctx.apps.serverConfig(app));
    },
  },
  {
    method: 'get',
    path: '/api/v1/apps/:appId/jwks.json',
    handler: async (c, ctx) => {
      const app = await ctx.apps.require(c.req.param('appId'));
      const keys = await ctx.keys.publicKeys(app.id);
      c.header('Cache-Control', 'public, max-age=60');
      return c.json({ keys: keys.map((k) => k.jwk) });
    },
  },
];
