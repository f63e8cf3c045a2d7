import { IDENTITY_API, LatchError } from '@latch/protocol';
import { schemas } from '@latch/protocol/schemas';
import type { RouteDef } from '../../kernel/http/env.js';
import { parseBody } from '../../kernel/http/parseBody.js';
import { bearerToken, namedApp } from '../http/resolveApp.js';
import { forkSession, refreshSession, revokeByRefreshToken, revokeSession } from '../sessions/sessions.js';
import { verifyAccessToken } from '../tokens/accessToken.js';

/** Refresh, logout and fork (SPEC §7 "Sessions"). */
export const sessionRoutes: RouteDef[] = [
  {
    method: 'post',
    path: IDENTITY_API.sessions,
    handler: async (c) => {
      const body = await parseBody(c, schemas.RefreshBody);
      // The header's app when one is named (validated); the refresh token knows its own app otherwise.
      const appId = namedApp(c, 'optional')?.id;
      if (!body.refresh_token) throw new LatchError('missing_or_invalid_token');
      return c.json(await refreshSession(c.var.ctx, appId, body.refresh_token));
    },
  },
  {
    method: 'post',
    path: IDENTITY_API.logout,
    handler: async (c) => {
      const { ctx, app } = c.var;
      const body = await parseBody(c, schemas.LogoutBody);
      if (body.refresh_token) await revokeByRefreshToken(ctx, body.refresh_token);
      const token = bearerToken(c);
      if (token && app) {
        const claims = await verifyAccessToken(ctx, app.id, token).catch(() => undefined);
        if (claims) await revokeSession(ctx, claims.sessionId, 'logout');
      }
      // Logout always succeeds: the client clears its state whatever happens here.
      return c.json({ session_update_action: 'clear' });
    },
  },
  {
    method: 'post',
    path: IDENTITY_API.fork,
    handler: async (c) => {
      const body = await parseBody(c, schemas.ForkBody);
      return c.json(await forkSession(c.var.ctx, namedApp(c, 'optional')?.id, body.refresh_token));
    },
  },
];
