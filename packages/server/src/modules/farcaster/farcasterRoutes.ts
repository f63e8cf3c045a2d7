import { LatchError } from '@latch/protocol';
import {
  FARCASTER_API,
  FARCASTER_CHANNEL_TOKEN_HEADER,
  FARCASTER_RELAY_API,
  FARCASTER_RELAY_KEY_HEADER,
} from '@latch/protocol/farcaster';
import {
  FarcasterAuthenticateBody,
  FarcasterInitBody,
  FarcasterSignerStatusBody,
  FarcasterUnlinkBody,
  RelayAuthenticateBody,
} from '@latch/protocol/schemas';
import { namedApp } from '../../identity/http/resolveApp.js';
import { accountKeyEvent } from '../../identity/securityEvents/accountEvent.js';
import { recordSecurityEvent } from '../../identity/securityEvents/recordSecurityEvent.js';
import { withStepUp } from '../../identity/stepUp/requireStepUp.js';
import { toWireUser } from '../../identity/users/userRecords.js';
import type { LatchContext, RouteDef } from '../../kernel/http/env.js';
import { parseBody } from '../../kernel/http/parseBody.js';
import { clientIp } from '../../kernel/throttle/clientIp.js';

const TOKEN = /^[0-9a-f]{64}$/;

/** A channel token from `value`, or `invalid_data`. */
function channelToken(value: string | undefined): string {
  const token = value?.trim();
  if (!token || !TOKEN.test(token)) throw new LatchError('invalid_data', 'A Farcaster channel token is required.');
  return token;
}

/** The relay's channel token: `Authorization: Bearer <token>`, as Farcaster's relay takes it. */
const relayToken = (c: LatchContext) => channelToken(c.req.header('authorization')?.match(/^Bearer (.+)$/i)?.[1]);

/** The page's origin: the Origin header (checked against the app's origins), else the app's first origin. */
function pageOrigin(c: LatchContext, allowedOrigins: readonly string[]): string {
  const origin = c.req.header('origin') ?? allowedOrigins[0];
  if (!origin) throw new LatchError('invalid_origin', 'The app has no allowed origin to sign in to.');
  return origin;
}

/**
 * Farcaster (SPEC §7, docs/farcaster.md): init, status, login for the app; link, unlink and the signer's status
 * for the signed-in user; and Latch's own Connect relay (FIP-11), which the Farcaster app posts its approval to.
 */
export const farcasterRoutes: RouteDef[] = [
  {
    method: 'post',
    path: FARCASTER_API.init,
    caller: 'app',
    handler: async (c) => {
      const app = namedApp(c);
      await parseBody(c, FarcasterInitBody);
      return c.json(await c.get('ctx').farcaster.init(app, pageOrigin(c, app.allowedOrigins), clientIp(c)));
    },
  },
  {
    method: 'get',
    path: FARCASTER_API.status,
    caller: 'app',
    handler: async (c) => {
      const token = channelToken(c.req.header(FARCASTER_CHANNEL_TOKEN_HEADER));
      return c.json(await c.get('ctx').farcaster.status(namedApp(c), token));
    },
  },
  {
    method: 'post',
    path: FARCASTER_API.authenticate,
    caller: 'app',
    handler: async (c) => {
      const body = await parseBody(c, FarcasterAuthenticateBody);
      return c.json(await c.get('ctx').farcaster.logIn(namedApp(c), body, clientIp(c)));
    },
  },
  {
    method: 'post',
    path: FARCASTER_API.link,
    caller: 'user',
    handler: async (c) => {
      const ctx = c.get('ctx');
      const caller = c.get('user');
      const body = await parseBody(c, FarcasterAuthenticateBody);
      // A linked Farcaster account is a way to log in afresh: a stolen access token must not add one.
      const event = accountKeyEvent('account_linked', 'farcaster', String(body.fid));
      const link = () => ctx.farcaster.link(caller, body);
      const user = await withStepUp(ctx, caller, 'link', () => recordSecurityEvent(c, event, link));
      return c.json(toWireUser(user));
    },
  },
  {
    method: 'post',
    path: FARCASTER_API.unlink,
    caller: 'user',
    handler: async (c) => {
      const ctx = c.get('ctx');
      const caller = c.get('user');
      const { fid } = await parseBody(c, FarcasterUnlinkBody);
      const event = accountKeyEvent('account_unlinked', 'farcaster', String(fid));
      const unlink = () => ctx.farcaster.unlink(caller, fid);
      const user = await withStepUp(ctx, caller, 'unlink', () => recordSecurityEvent(c, event, unlink));
      return c.json(toWireUser(user));
    },
  },
  {
    method: 'post',
    path: FARCASTER_API.signerStatus,
    caller: 'user',
    handler: async (c) => {
      const { ed25519_public_key } = await parseBody(c, FarcasterSignerStatusBody);
      return c.json(await c.get('ctx').farcasterSigners.status(c.get('user'), ed25519_public_key));
    },
  },
  {
    method: 'post',
    path: FARCASTER_RELAY_API.authenticate,
    handler: async (c) => {
      const token = relayToken(c);
      const body = await parseBody(c, RelayAuthenticateBody);
      const key = c.req.header(FARCASTER_RELAY_KEY_HEADER);
      return c.json(await c.get('ctx').farcaster.relayAuthenticate(token, key, body));
    },
  },
  {
    method: 'get',
    path: FARCASTER_RELAY_API.status,
    handler: async (c) => {
      const status = await c.get('ctx').farcaster.relayStatus(relayToken(c));
      // FIP-11: 202 while the user has not approved, 200 once completed.
      return c.json(status, status.state === 'completed' ? 200 : 202);
    },
  },
];
