import { API, LatchError } from '@latch/protocol';
import { schemas } from '@latch/protocol/schemas';
import { assertMethodEnabled, passwordlessCodes } from '../codes/PasswordlessCodes.js';
import type { RouteDef } from '../http/env.js';
import { parseBody } from '../http/parseBody.js';
import { requireUser } from '../http/requireUser.js';
import { logIn } from '../services/sessions.js';
import { toWireUser } from '../services/userRecords.js';
import { linkAccount, unlinkAccount, updateEmail } from '../services/users.js';
import { clientIp } from '../throttle/clientIp.js';
import { headerApp, passwordlessSmsRoutes } from './passwordlessSms.js';

/**
 * Email one-time codes (SPEC §7 "Passwordless email"): init sends a code; authenticate logs in or signs
 * up; link, unlink and update change the signed-in user and answer the updated WireUser.
 */
const emailRoutes: RouteDef[] = [
  {
    method: 'post',
    path: API.emailInit,
    handler: async (c, ctx) => {
      const { email } = await parseBody(c, schemas.EmailInitBody);
      const app = await headerApp(c);
      assertMethodEnabled(app.config, 'email_auth');
      // The same answer whether or not the address has an account: nothing to learn here.
      await passwordlessCodes(ctx).send(app, 'email', email, clientIp(c));
      return c.json({ success: true });
    },
  },
  {
    method: 'post',
    path: API.emailAuthenticate,
    handler: async (c, ctx) => {
      const { email, code } = await parseBody(c, schemas.EmailCodeBody);
      const app = await headerApp(c);
      assertMethodEnabled(app.config, 'email_auth');
      // The code check runs inside the login's statement where the store allows (one round trip).
      const codeCheck = passwordlessCodes(ctx).check(app.id, 'email', email, code);
      return c.json(await logIn(ctx, app, { type: 'email', address: email }, codeCheck));
    },
  },
  {
    method: 'post',
    path: API.emailLink,
    handler: async (c, ctx) => {
      const { email, code } = await parseBody(c, schemas.EmailCodeBody);
      const caller = await requireUser(c);
      assertMethodEnabled(caller.app.config, 'email_auth');
      await passwordlessCodes(ctx).verify(caller.app.id, 'email', email, code);
      const user = await linkAccount(ctx, caller.app.id, caller.user.id, { type: 'email', address: email });
      return c.json(toWireUser(user));
    },
  },
  {
    method: 'post',
    path: API.emailUnlink,
    handler: async (c, ctx) => {
      const { address } = await parseBody(c, schemas.EmailUnlinkBody);
      const caller = await requireUser(c);
      const user = await unlinkAccount(ctx, caller.app.id, caller.user.id, { type: 'email', address });
      return c.json(toWireUser(user));
    },
  },
  {
    method: 'post',
    path: API.emailUpdate,
    handler: async (c, ctx) => {
      const { oldAddress, newAddress, code } = await parseBody(c, schemas.EmailUpdateBody);
      const caller = await requireUser(c);
      assertMethodEnabled(caller.app.config, 'email_auth');
      // Refuse before spending the code when the user has no such address to replace.
      if (!caller.accounts.some((a) => a.type === 'email' && a.account_key === oldAddress)) {
        throw new LatchError('account_not_linked', 'updateEmail requires an already linked email.');
      }
      // The code proves control of the NEW address: passwordless/init sent it there.
      await passwordlessCodes(ctx).verify(caller.app.id, 'email', newAddress, code);
      const user = await updateEmail(ctx, caller.app.id, caller.user.id, oldAddress, newAddress);
      return c.json(toWireUser(user));
    },
  },
];

/** Every passwordless endpoint: email (above) and SMS (passwordlessSms.ts). */
export const passwordlessRoutes: RouteDef[] = [...emailRoutes, ...passwordlessSmsRoutes];
