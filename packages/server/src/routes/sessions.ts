import { API, HEADER, LatchError } from '@latch/protocol';
import { schemas } from '@latch/protocol/schemas';
import type { LatchContext, RouteDef } from '../http/env.js';
import { parseBody } from '../http/parseBody.js';
import { bearerToken } from '../http/requireUser.js';
import { forkSession, refreshSession, revokeByRefreshToken, revokeSession } from '../services/sessions.js';
import { unverifiedAudience, verifyAccessToken } from '../tokens/accessToken.js';

/** The app the request names in its header (validated), or undefined when it names none. */
async function headerAppId(c: LatchContext): Promise<string | undefined> {
  const id = c.req.header(HEADER.appId);
  if (id === undefined) return undefined;
  return (await c.get('ctx').apps.require(id)).id;
}

/** Refresh, logout and fork (SPEC §7 "Sessions"). */
export const sessionRoutes: RouteDef[] = [
  {
    method: 'post',
    path: API.sessions,
    handler: async (c, ctx) => {
      const body = await parseBody(c, schemas.RefreshBody);
      const appId = await headerAppId(c);
      if (!body.refresh_token) throw new LatchError('missing_or_invalid_token');
      return c.json(await refreshSession(ctx, appId, body.refresh_token));
    },
  },
  {
    method: 'post',
    path: API.logout,
    handler: async (c, ctx) => {
      const body = await parseBody(c, schemas.LogoutBody);
      if (body.refresh_token) await revokeByRefreshToken(ctx, body.refresh_token);
      const token = bearerToken(c);
      const appId = token && (c.req.header(HEADER.appId) ?? unverifiedAudience(token));
      if (token && appId && (await ctx.apps.get(appId))) {
        const claims = await verifyAccessToken(ctx, appId, token).catch(() => undefined);
        if (claims) await revokeSession(ctx, claims.sessionId, 'logout');
      }
      // Logout always succeeds: the client clears its state whatever happens here.
      return c.json({ session_update_action: 'clear' });
    },
  },
  {
    method: 'post',
    path: API.fork,
    handler: async (c, ctx) => {
      const body = await parseBody(c, schemas.ForkBody);
      const appId = await headerAppId(c);
      return c.json(await forkSession(ctx, appId, body.refresh_token));
    },
  },
];
