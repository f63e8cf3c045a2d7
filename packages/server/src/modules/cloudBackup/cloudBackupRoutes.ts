import { RECOVERY_OAUTH_API, RECOVERY_OAUTH_PREFIX } from '@latch/protocol/cloudBackup';
import { RecoveryICloudInitBody, RecoveryOAuthAuthenticateBody, RecoveryOAuthInitBody } from '@latch/protocol/schemas';
import { getCookie, setCookie } from 'hono/cookie';
import type { LatchContext, RouteDef } from '../../kernel/http/env.js';
import { type CustodyCall, custodyRoute } from '../wallets/custodyRoute.js';
import type { CloudAuthOwner } from './cloudAuthRecords.js';

/** The cookie carrying an iCloud round trip's state through CloudKit's sign-in (which returns no state). */
const ICLOUD_STATE_COOKIE = 'latch_icloud_state';

/** Pages whose URLs carry codes: never cached, never sent on as a referrer. */
function noStore(c: LatchContext): void {
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
}

const EXPIRED_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Backup sign-in expired</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:480px;margin:3rem auto;padding:0 1rem;color:#1a1a1a}</style>
</head><body><h1>This backup sign-in has expired</h1><p>It was not started here, or it took too long. Close this window and try again.</p></body></html>`;

const ownerOf = (call: CustodyCall<unknown>): CloudAuthOwner => ({
  appId: call.owner.appId,
  userId: call.owner.userId,
  sessionId: call.sessionId,
  deviceId: call.deviceId,
});

/** The provider's redirect back (Google's code and state, CloudKit's ckWebAuthToken): 302 to the init's target. */
async function callback(c: LatchContext): Promise<Response> {
  noStore(c);
  const params = c.req.query();
  const target = await c.get('ctx').cloudBackups.callback(params, getCookie(c, ICLOUD_STATE_COOKIE));
  if (!target) return c.html(EXPIRED_PAGE, 400);
  return c.redirect(target, 302);
}

/**
 * Recovery OAuth (SPEC §7, docs/cloud-backup.md). init, init_icloud and authenticate are custody calls (token and
 * device proof): only the wallet frame that holds the PKCE verifier and the device key redeems a code.
 */
export const cloudBackupRoutes: RouteDef[] = [
  custodyRoute('post', RECOVERY_OAUTH_API.init, RecoveryOAuthInitBody, async (call) => {
    const { body } = call;
    const url = await call.ctx.cloudBackups.init(call.user.app, ownerOf(call), {
      provider: 'google-drive',
      purpose: body.purpose,
      redirectTo: body.redirect_to,
      stateCode: body.state_code,
      codeChallenge: body.code_challenge,
    });
    return { url };
  }),
  custodyRoute('post', RECOVERY_OAUTH_API.initICloud, RecoveryICloudInitBody, async (call) => {
    const { body } = call;
    const url = await call.ctx.cloudBackups.init(call.user.app, ownerOf(call), {
      provider: 'icloud',
      purpose: body.purpose,
      redirectTo: body.redirect_to,
      stateCode: body.state_code,
    });
    return { url };
  }),
  custodyRoute('post', RECOVERY_OAUTH_API.authenticate, RecoveryOAuthAuthenticateBody, async (call) => {
    const { body } = call;
    call.c.header('Cache-Control', 'no-store');
    return call.ctx.cloudBackups.authenticate(call.user.app, ownerOf(call), {
      provider: body.provider,
      code: body.authorization_code,
      stateCode: body.state_code,
      codeVerifier: body.code_verifier,
    });
  }),
  {
    method: 'get',
    path: RECOVERY_OAUTH_API.icloudStart,
    handler: async (c) => {
      noStore(c);
      const state = c.req.query('state') ?? '';
      const signIn = await c.get('ctx').cloudBackups.icloudSignIn(state);
      if (!signIn) return c.html(EXPIRED_PAGE, 400);
      setCookie(c, ICLOUD_STATE_COOKIE, state, {
        path: RECOVERY_OAUTH_PREFIX,
        httpOnly: true,
        sameSite: 'Lax',
        secure: new URL(c.req.url).protocol === 'https:',
        maxAge: 600,
      });
      return c.redirect(signIn, 302);
    },
  },
  { method: 'get', path: RECOVERY_OAUTH_API.callback, handler: callback },
];
