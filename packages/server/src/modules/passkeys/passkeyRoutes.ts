import { PASSKEY_API } from '@latch/protocol/passkeys';
import { PasskeyAssertionBody, PasskeyRegistrationBody, PasskeyUnlinkBody } from '@latch/protocol/schemas';
import { namedApp } from '../../identity/http/resolveApp.js';
import { accountKeyEvent } from '../../identity/securityEvents/accountEvent.js';
import { recordSecurityEvent } from '../../identity/securityEvents/recordSecurityEvent.js';
import { stepUpGate, withStepUp } from '../../identity/stepUp/requireStepUp.js';
import { toWireUser } from '../../identity/users/userRecords.js';
import type { RouteDef } from '../../kernel/http/env.js';
import { parseBody } from '../../kernel/http/parseBody.js';
import { clientIp } from '../../kernel/throttle/clientIp.js';

/**
 * Passkeys (SPEC §7, docs/passkeys.md): sign-up and login for the app (a fresh login: TokenResponse with
 * a device grant), link and unlink for the signed-in user (the updated WireUser), and the related origins document.
 * The MFA challenge of the user's MFA passkeys (MFA_API.passkeysInit) is an MFA route (mfaRoutes.ts).
 * Init bodies are empty (`{}`); the ceremony runs in the host page.
 */
export const passkeyRoutes: RouteDef[] = [
  {
    method: 'post',
    path: PASSKEY_API.registerInit,
    caller: 'app',
    handler: async (c) => c.json({ options: await c.get('ctx').passkeys.signUpOptions(namedApp(c), clientIp(c)) }),
  },
  {
    method: 'post',
    path: PASSKEY_API.register,
    caller: 'app',
    handler: async (c) => {
      const app = namedApp(c);
      const { credential } = await parseBody(c, PasskeyRegistrationBody);
      return c.json(await c.get('ctx').passkeys.signUp(app, credential, c.req.header('user-agent')));
    },
  },
  {
    method: 'post',
    path: PASSKEY_API.authenticateInit,
    caller: 'app',
    handler: async (c) => c.json({ options: await c.get('ctx').passkeys.loginOptions(namedApp(c), clientIp(c)) }),
  },
  {
    method: 'post',
    path: PASSKEY_API.authenticate,
    caller: 'app',
    handler: async (c) => {
      const app = namedApp(c);
      const { credential } = await parseBody(c, PasskeyAssertionBody);
      return c.json(await c.get('ctx').passkeys.logIn(app, credential));
    },
  },
  {
    method: 'post',
    path: PASSKEY_API.linkInit,
    caller: 'user',
    handler: async (c) => {
      const ctx = c.get('ctx');
      const caller = c.get('user');
      // A passkey is a way to log in afresh: linking one needs a step-up, as for every login method
      // (checked here so the ceremony does not run for nothing; the link takes it).
      await stepUpGate(ctx, caller, 'link');
      return c.json({ options: await ctx.passkeys.linkOptions(caller) });
    },
  },
  {
    method: 'post',
    path: PASSKEY_API.link,
    caller: 'user',
    handler: async (c) => {
      const ctx = c.get('ctx');
      const caller = c.get('user');
      const { credential } = await parseBody(c, PasskeyRegistrationBody);
      const event = accountKeyEvent('account_linked', 'passkey', credential.id);
      const link = () => ctx.passkeys.link(caller, credential, c.req.header('user-agent'));
      const user = await withStepUp(ctx, caller, 'link', () => recordSecurityEvent(c, event, link));
      return c.json(toWireUser(user));
    },
  },
  {
    method: 'post',
    path: PASSKEY_API.unlink,
    caller: 'user',
    handler: async (c) => {
      const ctx = c.get('ctx');
      const caller = c.get('user');
      const { credential_id } = await parseBody(c, PasskeyUnlinkBody);
      const event = accountKeyEvent('account_unlinked', 'passkey', credential_id);
      const unlink = () => ctx.passkeys.unlink(caller, credential_id);
      return c.json(toWireUser(await withStepUp(ctx, caller, 'unlink', () => recordSecurityEvent(c, event, unlink))));
    },
  },
  {
    method: 'get',
    path: PASSKEY_API.relatedOrigins,
    handler: async (c) => c.json({ origins: await c.get('ctx').passkeys.relatedOrigins() }),
  },
];
