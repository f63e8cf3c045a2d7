import { LatchError, PASSWORDLESS_API } from '@latch/protocol';
import { schemas } from '@latch/protocol/schemas';
import { namedApp } from '../../identity/http/resolveApp.js';
import { accountEvent } from '../../identity/securityEvents/accountEvent.js';
import { maskEmail } from '../../identity/securityEvents/maskIdentifier.js';
import { recordSecurityEvent } from '../../identity/securityEvents/recordSecurityEvent.js';
import { logIn } from '../../identity/sessions/sessions.js';
import { stepUpGate } from '../../identity/stepUp/requireStepUp.js';
import { toWireUser } from '../../identity/users/userRecords.js';
import { linkAccount, unlinkAccount, updateEmail } from '../../identity/users/users.js';
import type { RouteDef } from '../../kernel/http/env.js';
import { parseBody } from '../../kernel/http/parseBody.js';
import { clientIp } from '../../kernel/throttle/clientIp.js';
import { requireCaptcha } from '../captcha/requireCaptcha.js';
import { appForCodeSend, hasLinked, requireAddressStepUp } from './codeStepUp.js';
import { assertMethodEnabled } from './PasswordlessCodes.js';
import { passwordlessSmsRoutes } from './passwordlessSmsRoutes.js';

/**
 * Email one-time codes (SPEC §7 "Passwordless email"): init sends a code for a purpose; authenticate
 * logs in or signs up; link, unlink and update change the signed-in user and answer the updated
 * WireUser. Each takes only a code sent for its own purpose; unlink and update also need a step-up.
 */
const emailRoutes: RouteDef[] = [
  {
    method: 'post',
    path: PASSWORDLESS_API.emailInit,
    handler: async (c) => {
      const ctx = c.get('ctx');
      const { email, token, purpose } = await parseBody(c, schemas.EmailInitBody);
      // A login code needs only the app; the others the bearer token (codeStepUp.ts).
      const app = await appForCodeSend(c, purpose, 'email', email);
      // A login code is anyone's to ask for: a human check first (a signed-in caller has passed one).
      if (purpose === 'login') await requireCaptcha(c, app, token);
      assertMethodEnabled(app.config, 'email_auth');
      // The same answer whether or not the address has an account: nothing to learn here.
      await ctx.passwordless.send(app, 'email', email, clientIp(c), purpose);
      return c.json({ success: true });
    },
  },
  {
    method: 'post',
    path: PASSWORDLESS_API.emailAuthenticate,
    caller: 'app',
    handler: async (c) => {
      const ctx = c.get('ctx');
      const app = namedApp(c);
      const { email, code, mode } = await parseBody(c, schemas.EmailCodeBody);
      assertMethodEnabled(app.config, 'email_auth');
      const signUp = mode !== 'no-signup';
      // The code check runs inside the login's statement where the store allows (one round trip).
      const codeCheck = ctx.passwordless.check(app.id, 'email', email, code, clientIp(c));
      return c.json(await logIn(ctx, app, { type: 'email', address: email }, codeCheck, { signUp }));
    },
  },
  {
    method: 'post',
    path: PASSWORDLESS_API.emailLink,
    caller: 'user',
    handler: async (c) => {
      const ctx = c.get('ctx');
      const caller = c.get('user');
      const { email, code } = await parseBody(c, schemas.EmailCodeBody);
      assertMethodEnabled(caller.app.config, 'email_auth');
      // A new login address needs a step-up with a factor from before this session (stepUp/): checked
      // before the code is spent, taken once the code checks out.
      const stepUp = await stepUpGate(ctx, caller, 'link');
      await ctx.passwordless.verify(caller.app.id, 'email', email, code, 'link');
      const account = { type: 'email', address: email } as const;
      const user = await stepUp.run(() =>
        recordSecurityEvent(c, accountEvent('account_linked', account), () =>
          linkAccount(ctx, caller.app.id, caller.user.id, account),
        ),
      );
      return c.json(toWireUser(user));
    },
  },
  {
    method: 'post',
    path: PASSWORDLESS_API.emailUnlink,
    caller: 'user',
    handler: async (c) => {
      const ctx = c.get('ctx');
      const caller = c.get('user');
      const { address, code } = await parseBody(c, schemas.EmailUnlinkBody);
      if (!hasLinked(caller, 'email', address)) throw new LatchError('account_not_linked');
      // Removing a login address is a change of who can log in: a code to it, or a step-up.
      const proof = { channel: 'email', target: address, code, purpose: 'unlink' } as const;
      const stepUp = await requireAddressStepUp(ctx, caller, proof, 'unlink');
      const account = { type: 'email', address } as const;
      const user = await stepUp.run(() =>
        recordSecurityEvent(c, accountEvent('account_unlinked', account), () =>
          unlinkAccount(ctx, caller.app.id, caller.user.id, account),
        ),
      );
      return c.json(toWireUser(user));
    },
  },
  {
    method: 'post',
    path: PASSWORDLESS_API.emailUpdate,
    caller: 'user',
    handler: async (c) => {
      const ctx = c.get('ctx');
      const caller = c.get('user');
      const { oldAddress, newAddress, code, oldCode } = await parseBody(c, schemas.EmailUpdateBody);
      assertMethodEnabled(caller.app.config, 'email_auth');
      // Refuse before spending a code when the user has no such address to replace.
      if (!hasLinked(caller, 'email', oldAddress)) {
        throw new LatchError('account_not_linked', 'updateEmail requires an already linked email.');
      }
      // A bearer token alone must not move the login address (a stolen token would take the account):
      // prove the OLD address too (a code sent to it) or an `update_login` step-up, before spending the new code.
      const proof = { channel: 'email', target: oldAddress, code: oldCode, purpose: 'update-old' } as const;
      const stepUp = await requireAddressStepUp(ctx, caller, proof, 'update_login');
      // The code proves control of the NEW address: passwordless/init sent it there for 'update'.
      await ctx.passwordless.verify(caller.app.id, 'email', newAddress, code, 'update');
      const { app, claims } = caller;
      const update = () => updateEmail(ctx, app.id, caller.user.id, oldAddress, newAddress, claims.sessionId);
      // Both addresses are told, before the move: no notice, no change.
      const event = {
        type: 'login_email_changed',
        detail: { identifier: maskEmail(oldAddress), new_identifier: maskEmail(newAddress) },
        alsoNotify: [{ channel: 'email', to: newAddress.trim().toLowerCase() }],
        emailChange: { oldAddress, newAddress },
      } as const;
      const user = await stepUp.run(() =>
        oldAddress === newAddress ? update() : recordSecurityEvent(c, event, update),
      );
      return c.json(toWireUser(user));
    },
  },
];

/** Every passwordless endpoint: email (above) and SMS (passwordlessSms.ts). */
export const passwordlessRoutes: RouteDef[] = [...emailRoutes, ...passwordlessSmsRoutes];
