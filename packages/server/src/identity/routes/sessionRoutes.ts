import { FRAME_SESSION_TOKEN_PATH, IDENTITY_API, LatchError } from '@latch/protocol';
import { schemas } from '@latch/protocol/schemas';
import type { RouteDef } from '../../kernel/http/env.js';
import { parseBody } from '../../kernel/http/parseBody.js';
import { bearerToken, namedApp } from '../http/resolveApp.js';
import { requestCookieSite } from '../http/sessionCookies.js';
import { forkSession, refreshSession, revokeByRefreshToken, revokeSession } from '../sessions/sessions.js';
import { verifyAccessToken } from '../tokens/accessToken.js';

/** Refresh, logout and fork (SPEC §7 "Sessions"); in cookie mode the refresh token may come from its cookie. */
export const sessionRoutes: RouteDef[] = [
  {
    method: 'post',
    path: IDENTITY_API.sessions,
    handler: async (c) => {
      const body = await parseBody(c, schemas.RefreshBody);
      // The header's app when one is named (validated); the refresh token knows its own app otherwise.
      const appId = namedApp(c, 'optional')?.id;
      // SPEC §7: "body refresh_token optional (main refresh)": cookie mode's is in its cookie.
      const refreshToken = body.refresh_token ?? c.var.sessionCookies?.refreshToken;
      if (!refreshToken) throw new LatchError('missing_or_invalid_token');
      return c.json(await refreshSession(c.var.ctx, appId, refreshToken));
    },
  },
  {
    method: 'post',
    path: IDENTITY_API.logout,
    handler: async (c) => {
      const { ctx, app } = c.var;
      const body = await parseBody(c, schemas.LogoutBody);
      const refreshToken = body.refresh_token ?? c.var.sessionCookies?.refreshToken;
      if (refreshToken) await revokeByRefreshToken(ctx, refreshToken);
      const token = bearerToken(c);
      if (token && app) {
        const claims = await verifyAccessToken(ctx, app.id, token).catch(() => undefined);
        if (claims) await revokeSession(ctx, claims.sessionId, 'logout');
      }
      // Logout always succeeds: the client clears its state whatever happens here (cookie mode: the cookies too).
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
  {
    // Cookie mode: the wallet frame's own page (the API's origin, never the host page's) reads the session
    // cookie's access token, to verify its owner and sign its custody calls as with a token handed to it.
    method: 'post',
    path: FRAME_SESSION_TOKEN_PATH,
    caller: 'user',
    handler: async (c) => {
      await parseBody(c, schemas.EmptyBody);
      const site = requestCookieSite(c);
      const token = c.var.sessionCookies?.token;
      // The API's own origin (custom_api_url), as the browser names the caller: a host page cannot claim it.
      const ownOrigin = site && new URL(c.var.user.app.config.custom_api_url ?? '').origin;
      const fetchSite = c.req.header('sec-fetch-site');
      if (!token || !ownOrigin || c.req.header('origin') !== ownOrigin || (fetchSite && fetchSite !== 'same-origin'))
        throw new LatchError('invalid_origin', "Only a page of the session cookie's own origin may read it.");
      return c.json({ token });
    },
  },
];
