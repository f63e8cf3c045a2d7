import { API, LatchError } from '@latch/protocol';
import { schemas } from '@latch/protocol/schemas';
import type { ServerContext } from '../../context.js';
import type { RouteDef } from '../../http/env.js';
import { parseBody } from '../../http/parseBody.js';
import { namedApp } from '../../http/resolveApp.js';
import { appForCodeSend, hasLinked, requireRecentLoginToLink, requireStepUp } from '../../routes/codeStepUp.js';
import { logIn } from '../../services/sessions.js';
import { toWireUser } from '../../services/userRecords.js';
import { linkAccount, unlinkAccount, updateEmail } from '../../services/users.js';
import { clientIp } from '../../throttle/clientIp.js';
import { assertMethodEnabled } from './PasswordlessCodes.js';
import { passwordlessSmsRoutes } from './passwordlessSmsRoutes.js';
import { emailChangedNotice } from './purposeMessages.js';

/** Tells the replaced address about the change; a failed notice is logged, the change stands. */
async function tellOldAddress(ctx: ServerContext, appName: string, oldAddress: string, newAddress: string) {
  try {
    await ctx.delivery.sendEmail(emailChangedNotice(appName, oldAddress, newAddress));
  } catch (error) {
    ctx.logger.warn({ err: error }, 'could not send the email-changed notice to the old address');
  }
}

/**
 * Email one-time codes (SPEC §7 "Passwordless email"): init sends a code for a purpose; authenticate
 * logs in or signs up; link, unlink and update change the signed-in user and answer the updated
 * WireUser. Each takes only a code sent for its own purpose; unlink and update also need a step-up.
 */
const emailRoutes: RouteDef[] = [
  {
    method: 'post',
    path: API.emailInit,
    handler: async (c) => {
      const { ctx } = c.var;
      const { email, purpose } = await parseBody(c, schemas.EmailInitBody);
      // A login code needs only the app; the others the bearer token (codeStepUp.ts).
      const app = await appForCodeSend(c, purpose, 'email', email);
      assertMethodEnabled(app.config, 'email_auth');
      // The same answer whether or not the address has an account: nothing to learn here.
      await ctx.passwordless.send(app, 'email', email, clientIp(c), purpose);
      return c.json({ success: true });
    },
  },
  {
    method: 'post',
    path: API.emailAuthenticate,
    caller: 'app',
    handler: async (c) => {
      const { ctx } = c.var;
      const app = namedApp(c);
      const { email, code } = await parseBody(c, schemas.EmailCodeBody);
      assertMethodEnabled(app.config, 'email_auth');
      // The code check runs inside the login's statement where the store allows (one round trip).
      const codeCheck = ctx.passwordless.check(app.id, 'email', email, code, clientIp(c));
      return c.json(await logIn(ctx, app, { type: 'email', address: email }, codeCheck));
    },
  },
  {
    method: 'post',
    path: API.emailLink,
    caller: 'user',
    handler: async (c) => {
      const { ctx, user: caller } = c.var;
      const { email, code } = await parseBody(c, schemas.EmailCodeBody);
      assertMethodEnabled(caller.app.config, 'email_auth');
      await requireRecentLoginToLink(ctx, caller);
      await ctx.passwordless.verify(caller.app.id, 'email', email, code, 'link');
      const user = await linkAccount(ctx, caller.app.id, caller.user.id, { type: 'email', address: email });
      return c.json(toWireUser(user));
    },
  },
  {
    method: 'post',
    path: API.emailUnlink,
    caller: 'user',
    handler: async (c) => {
      const { ctx, user: caller } = c.var;
      const { address, code } = await parseBody(c, schemas.EmailUnlinkBody);
      if (!hasLinked(caller, 'email', address)) throw new LatchError('account_not_linked');
      // Removing a login address is a change of who can log in: a code to it, or a recent login.
      await requireStepUp(ctx, caller, { channel: 'email', target: address, code, purpose: 'unlink' });
      const user = await unlinkAccount(ctx, caller.app.id, caller.user.id, { type: 'email', address });
      return c.json(toWireUser(user));
    },
  },
  {
    method: 'post',
    path: API.emailUpdate,
    caller: 'user',
    handler: async (c) => {
      const { ctx, user: caller } = c.var;
      const { oldAddress, newAddress, code, oldCode } = await parseBody(c, schemas.EmailUpdateBody);
      assertMethodEnabled(caller.app.config, 'email_auth');
      // Refuse before spending a code when the user has no such address to replace.
      if (!hasLinked(caller, 'email', oldAddress)) {
        throw new LatchError('account_not_linked', 'updateEmail requires an already linked email.');
      }
      // A bearer token alone must not move the login address (a stolen token would take the account):
      // prove the OLD address too (a code sent to it) or a recent login, before spending the new code.
      await requireStepUp(ctx, caller, { channel: 'email', target: oldAddress, code: oldCode, purpose: 'update-old' });
      // The code proves control of the NEW address: passwordless/init sent it there for 'update'.
      await ctx.passwordless.verify(caller.app.id, 'email', newAddress, code, 'update');
      const { app, claims } = caller;
      const user = await updateEmail(ctx, app.id, caller.user.id, oldAddress, newAddress, claims.sessionId);
      if (oldAddress !== newAddress) await tellOldAddress(ctx, app.name, oldAddress, newAddress);
      return c.json(toWireUser(user));
    },
  },
];

/** Every passwordless endpoint: email (above) and SMS (passwordlessSms.ts). */
export const passwordlessRoutes: RouteDef[] = [...emailRoutes, ...passwordlessSmsRoutes];
