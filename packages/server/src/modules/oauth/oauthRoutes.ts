import type { WireUser } from '@latch/protocol';
import { OAUTH_API } from '@latch/protocol/oauth';
import { OAuthAuthenticateBody, OAuthInitBody, OAuthUnlinkBody } from '@latch/protocol/schemas';
import { authenticateUser } from '../../identity/http/requireCaller.js';
import { bearerToken, namedApp } from '../../identity/http/resolveApp.js';
import { accountKeyEvent } from '../../identity/securityEvents/accountEvent.js';
import { recordSecurityEvent } from '../../identity/securityEvents/recordSecurityEvent.js';
import { stepUpGate, withStepUp } from '../../identity/stepUp/requireStepUp.js';
import type { LatchContext, RouteDef } from '../../kernel/http/env.js';
import { parseBody, readBodyBytes } from '../../kernel/http/parseBody.js';
import { clientIp } from '../../kernel/throttle/clientIp.js';
import { requireCaptcha } from '../captcha/requireCaptcha.js';

/** The callback's answers carry codes in their URLs: never cached, never sent on as a referrer. */
function noStore(c: LatchContext): void {
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
}

/** The page of a callback whose state is unknown or expired: nowhere is known to be safe to redirect to. */
const EXPIRED_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Sign-in link expired</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:480px;margin:3rem auto;padding:0 1rem;color:#1a1a1a}</style>
</head><body><h1>This sign-in link has expired</h1><p>The sign-in was not started here, or it took too long. Close this window and try again.</p></body></html>`;

/** The provider's redirect back: 302 to the init's redirect target with OAUTH_RETURN_PARAM, or a 400 page. */
async function callback(c: LatchContext, params: Record<string, string | undefined>): Promise<Response> {
  noStore(c);
  const target = await c.get('ctx').oauth.callback(params);
  if (!target) return c.html(EXPIRED_PAGE, 400);
  return c.redirect(target, 302);
}

/** The fields of a form_post body (Apple: application/x-www-form-urlencoded), size-limited like every body. */
async function formFields(c: LatchContext): Promise<Record<string, string | undefined>> {
  const form = new URLSearchParams(new TextDecoder().decode(await readBodyBytes(c)));
  const out: Record<string, string | undefined> = {};
  for (const name of ['code', 'state', 'error', 'user', 'iss']) out[name] = form.get(name) ?? undefined;
  return out;
}

/**
 * OAuth 2.0 + PKCE (SPEC §7 OAuth, docs/social-login.md): init (a login, or with a bearer token a link),
 * the provider's callback, authenticate (a fresh login: TokenResponse with a device grant), link and
 * unlink for the signed-in user (the updated WireUser).
 */
export const oauthRoutes: RouteDef[] = [
  {
    method: 'post',
    path: OAUTH_API.init,
    caller: 'app',
    handler: async (c) => {
      const ctx = c.get('ctx');
      const body = await parseBody(c, OAuthInitBody);
      // With a bearer token the init is a link: bound to that user and session, and it needs a step-up
      // (checked here so the user does not go through the provider for nothing; the link takes it).
      const caller = bearerToken(c) === undefined ? undefined : await authenticateUser(c);
      if (caller) await stepUpGate(ctx, caller, 'link');
      else await requireCaptcha(c, namedApp(c), body.captcha_token);
      return c.json({ url: await ctx.oauth.init(namedApp(c), body, clientIp(c), caller) });
    },
  },
  {
    method: 'get',
    path: OAUTH_API.callback,
    handler: (c) => callback(c, c.req.query()),
  },
  {
    method: 'post',
    path: OAUTH_API.callback,
    handler: async (c) => callback(c, await formFields(c)),
  },
  {
    method: 'post',
    path: OAUTH_API.authenticate,
    caller: 'app',
    handler: async (c) => {
      const body = await parseBody(c, OAuthAuthenticateBody);
      return c.json(await c.get('ctx').oauth.authenticate(namedApp(c), body));
    },
  },
  {
    method: 'post',
    path: OAUTH_API.link,
    caller: 'user',
    handler: async (c) => {
      const ctx = c.get('ctx');
      const caller = c.get('user');
      const body = await parseBody(c, OAuthAuthenticateBody);
      // The provider account is known once the code is exchanged, after the notice: the row names it.
      const had = new Set(caller.accounts.map((a) => a.type));
      const linked = (user: WireUser) => user.linked_accounts.find((a) => !had.has(a.type) && 'subject' in a);
      const refine = (user: WireUser) => {
        const account = linked(user);
        return account && 'subject' in account
          ? accountKeyEvent('account_linked', account.type, account.subject).detail
          : {};
      };
      const event = accountKeyEvent('account_linked', 'oauth');
      const link = () => recordSecurityEvent(c, event, () => ctx.oauth.link(caller, body), refine);
      return c.json(await withStepUp(ctx, caller, 'link', link));
    },
  },
  {
    method: 'post',
    path: OAUTH_API.unlink,
    caller: 'user',
    handler: async (c) => {
      const ctx = c.get('ctx');
      const caller = c.get('user');
      const { provider, subject } = await parseBody(c, OAuthUnlinkBody);
      const event = accountKeyEvent('account_unlinked', `${provider}_oauth`, subject);
      const unlink = () => recordSecurityEvent(c, event, () => ctx.oauth.unlink(caller, provider, subject));
      return c.json(await withStepUp(ctx, caller, 'unlink', unlink));
    },
  },
];
