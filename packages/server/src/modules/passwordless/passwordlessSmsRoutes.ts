import { LatchError, PASSWORDLESS_API } from '@latch/protocol';
import { schemas } from '@latch/protocol/schemas';
import type { AuthenticatedUser } from '../../identity/http/requireCaller.js';
import { namedApp } from '../../identity/http/resolveApp.js';
import { accountEvent } from '../../identity/securityEvents/accountEvent.js';
import { recordSecurityEvent } from '../../identity/securityEvents/recordSecurityEvent.js';
import { logIn } from '../../identity/sessions/sessions.js';
import { stepUpGate } from '../../identity/stepUp/requireStepUp.js';
import { toWireUser } from '../../identity/users/userRecords.js';
import { linkAccount, unlinkAccount } from '../../identity/users/users.js';
import type { ServerContext } from '../../kernel/context.js';
import type { RouteDef } from '../../kernel/http/env.js';
import { parseBody } from '../../kernel/http/parseBody.js';
import { clientIp } from '../../kernel/throttle/clientIp.js';
import { requireCaptcha } from '../captcha/requireCaptcha.js';
import { appForCodeSend, hasLinked, requireAddressStepUp } from './codeStepUp.js';
import { normalisePhoneNumber } from './normalisePhoneNumber.js';
import { assertMethodEnabled } from './PasswordlessCodes.js';
import { assertSmsSendAllowed } from './smsPolicy.js';

/**
 * SMS MFA and an SMS login exclude each other (SPEC §2: SMS MFA is 'Disabled' for a user who logs in
 * by SMS): a phone that logs in cannot also be the second factor, or one SIM would open everything.
 * Refused before any code is spent; the user removes SMS verification (or uses another method) first.
 */
async function assertNoSmsMfa(ctx: ServerContext, caller: AuthenticatedUser): Promise<void> {
  const factors = await ctx.mfaFactors.get({ appId: caller.app.id, userId: caller.user.id });
  if (factors.sms) {
    throw new LatchError(
      'invalid_data',
      'SMS verification is on for this account: remove it before adding a phone number to log in with.',
    );
  }
}

/**
 * SMS one-time codes (SPEC §7 "Passwordless SMS"). Numbers arrive in international form and are
 * validated and stored in E.164 (libphonenumber-js); an invalid number is 400 `invalid_data`.
 */
export const passwordlessSmsRoutes: RouteDef[] = [
  {
    method: 'post',
    path: PASSWORDLESS_API.smsInit,
    handler: async (c) => {
      const ctx = c.get('ctx');
      const body = await parseBody(c, schemas.SmsInitBody);
      const phoneNumber = await normalisePhoneNumber(body.phoneNumber);
      // No SMS endpoint changes a number in place: an update code by SMS would be a message for nothing.
      if (body.purpose === 'update' || body.purpose === 'update-old') {
        throw new LatchError('invalid_data', 'SMS codes are for login, link and unlink.');
      }
      const app = await appForCodeSend(c, body.purpose, 'sms', phoneNumber);
      // A login code is anyone's to ask for: a human check first (a signed-in caller has passed one).
      if (body.purpose === 'login') await requireCaptcha(c, app, body.token);
      assertMethodEnabled(app.config, 'sms_auth');
      // Country, number type and pumping caps (codes/smsPolicy.ts) before anything is sent.
      await assertSmsSendAllowed(ctx, app, phoneNumber);
      await ctx.passwordless.send(app, 'sms', phoneNumber, clientIp(c), body.purpose);
      return c.json({ success: true });
    },
  },
  {
    method: 'post',
    path: PASSWORDLESS_API.smsAuthenticate,
    caller: 'app',
    handler: async (c) => {
      const ctx = c.get('ctx');
      const app = namedApp(c);
      const body = await parseBody(c, schemas.SmsCodeBody);
      const phoneNumber = await normalisePhoneNumber(body.phoneNumber);
      assertMethodEnabled(app.config, 'sms_auth');
      const codeCheck = ctx.passwordless.check(app.id, 'sms', phoneNumber, body.code, clientIp(c));
      const signUp = body.mode !== 'no-signup';
      return c.json(await logIn(ctx, app, { type: 'phone', phone_number: phoneNumber }, codeCheck, { signUp }));
    },
  },
  {
    method: 'post',
    path: PASSWORDLESS_API.smsLink,
    caller: 'user',
    handler: async (c) => {
      const ctx = c.get('ctx');
      const caller = c.get('user');
      const body = await parseBody(c, schemas.SmsCodeBody);
      const phoneNumber = await normalisePhoneNumber(body.phoneNumber);
      assertMethodEnabled(caller.app.config, 'sms_auth');
      // A step-up with a factor from before this session (stepUp/), checked before the code is spent.
      const stepUp = await stepUpGate(ctx, caller, 'link');
      await assertNoSmsMfa(ctx, caller);
      await ctx.passwordless.verify(caller.app.id, 'sms', phoneNumber, body.code, 'link');
      const account = { type: 'phone', phone_number: phoneNumber } as const;
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
    path: PASSWORDLESS_API.smsUnlink,
    caller: 'user',
    handler: async (c) => {
      const ctx = c.get('ctx');
      const caller = c.get('user');
      const body = await parseBody(c, schemas.SmsUnlinkBody);
      const phoneNumber = await normalisePhoneNumber(body.phoneNumber);
      if (!hasLinked(caller, 'sms', phoneNumber)) throw new LatchError('account_not_linked');
      // A code to the number, or a step-up (codeStepUp.ts).
      const proof = { channel: 'sms', target: phoneNumber, code: body.code, purpose: 'unlink' } as const;
      const stepUp = await requireAddressStepUp(ctx, caller, proof, 'unlink');
      const account = { type: 'phone', phone_number: phoneNumber } as const;
      const user = await stepUp.run(() =>
        recordSecurityEvent(c, accountEvent('account_unlinked', account), () =>
          unlinkAccount(ctx, caller.app.id, caller.user.id, account),
        ),
      );
      return c.json(toWireUser(user));
    },
  },
];
