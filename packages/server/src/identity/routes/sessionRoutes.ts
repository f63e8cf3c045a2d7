import { COOKIE_HAND_OFF_REFUSED, FRAME_SESSION_TOKEN_PATH, IDENTITY_API, LatchError } from '@latch/protocol';
import { schemas } from '@latch/protocol/schemas';
import type { RouteDef } from '../../kernel/http/env.js';
import { parseBody } from '../../kernel/http/parseBody.js';
import { bearerToken, namedApp } from '../http/resolveApp.js';
import { requestCookieSite } from '../http/sessionCookies.js';
import { redeemHandOff, startHandOff } from '../sessions/sessionHandOff.js';
import { forkSession, refreshSession, revokeByRefreshToken, revokeSession } from '../sessions/sessions.js';
import { verifyAccessToken } from '../tokens/accessToken.js';

/** Refresh, logout and fork (SPEC §7 "Sessions"); in cookie mode the refresh token may come from its cookie. */
export const sessionRoutes: RouteDef[] = [
  {
    method: 'post',
    path: IDENTITY_API.sessions,
    handler: async (c) => {
      const body = await parseBody(c, schemas.RefreshBody);
      // SPEC §7's second refresh path, for forked-token recovery: a hand-off code (never a refresh token) with
      // the verifier of the tab that asked for it, for the app the header names.
      if (body.hand_off_code !== undefined) {
        if (body.refresh_token !== undefined)
          throw new LatchError('invalid_data', 'Send a refresh token or a hand-off code.');
        // Cookie mode takes none either: a redeemed code would be set as cookies before the page could ask whose
        // session it is (login CSRF: docs/client.md "Into a wallet's browser"), and its tabs share one anyway.
        if (requestCookieSite(c))
          throw new LatchError('invalid_hand_off', 'A page whose session is kept in cookies takes no hand-off.');
        return c.json(await redeemHandOff(c.get('ctx'), namedApp(c), body.hand_off_code, body.code_verifier));
      }
      // The header's app when one is named (validated); the refresh token knows its own app otherwise.
      const appId = namedApp(c, 'optional')?.id;
      // SPEC §7: "body refresh_token optional (main refresh)": cookie mode's is in its cookie.
      const refreshToken = body.refresh_token ?? c.get('sessionCookies')?.refreshToken;
      if (!refreshToken) throw new LatchError('missing_or_invalid_token');
      return c.json(await refreshSession(c.get('ctx'), appId, refreshToken));
    },
  },
  {
    method: 'post',
    path: IDENTITY_API.logout,
    handler: async (c) => {
      const ctx = c.get('ctx');
      const app = c.get('app');
      const body = await parseBody(c, schemas.LogoutBody);
      const refreshToken = body.refresh_token ?? c.get('sessionCookies')?.refreshToken;
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
      const appId = namedApp(c, 'optional')?.id;
      const cookieToken = body.refresh_token === undefined ? c.get('sessionCookies')?.refreshToken : undefined;
      const refreshToken = body.refresh_token ?? cookieToken;
      if (!refreshToken) throw new LatchError('missing_or_invalid_token');
      // The mobile wallet redirect's hand-off (SPEC §7): a one-time code for a URL instead of a refresh token.
      // Not for a session kept in cookies (issue #34): any script on the page can send the cookie, and the code
      // comes back in the body, so it would take the session off the page with a verifier of its own. Refused
      // before anything happens (400: the token is not rotated, the cookies stay); local mode's body token is
      // one a page script could read anyway.
      if (body.hand_off_challenge && cookieToken !== undefined)
        throw new LatchError('invalid_hand_off', COOKIE_HAND_OFF_REFUSED);
      if (body.hand_off_challenge)
        return c.json(await startHandOff(c.get('ctx'), appId, refreshToken, body.hand_off_challenge));
      return c.json(await forkSession(c.get('ctx'), appId, refreshToken));
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
      const token = c.get('sessionCookies')?.token;
      // The API's own origin (custom_api_url), as the browser names the caller: a host page cannot claim it.
      const ownOrigin = site && new URL(c.get('user').app.config.custom_api_url ?? '').origin;
      const fetchSite = c.req.header('sec-fetch-site');
      if (!token || !ownOrigin || c.req.header('origin') !== ownOrigin || (fetchSite && fetchSite !== 'same-origin'))
        throw new LatchError('invalid_origin', "Only a page of the session cookie's own origin may read it.");
      return c.json({ token });
    },
  },
];
