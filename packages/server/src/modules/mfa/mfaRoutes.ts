import { LatchError, type WireTotpEnrollmentInfo } from '@latch/protocol';
import { MFA_API, MFA_LIMIT } from '@latch/protocol/mfa';
import {
  MfaPasskeysEnrollBody,
  MfaSmsEnrollBody,
  MfaSmsInitBody,
  MfaTotpEnrollBody,
  MfaUnenrollBody,
  MfaVerifyBody,
} from '@latch/protocol/schemas';
import * as v from 'valibot';
import { recordSecurityEvent } from '../../identity/securityEvents/recordSecurityEvent.js';
import type { RouteDef } from '../../kernel/http/env.js';
import { parseBody } from '../../kernel/http/parseBody.js';
import { clientIp } from '../../kernel/throttle/clientIp.js';
import { normalisePhoneNumber } from '../passwordless/normalisePhoneNumber.js';
import { assertSmsSendAllowed } from '../passwordless/smsPolicy.js';
import { type CustodyCall, custodyRoute } from '../wallets/custodyRoute.js';
import { recordMfaVerification } from './MfaVerifications.js';
import {
  assertMfaMethodAllowed,
  assertSmsMfaAvailable,
  confirmSmsCode,
  confirmTotpCode,
  verifyMfaFactor,
} from './mfaFactorChecks.js';
import { manageMfaGate, mfaStateFor } from './mfaGate.js';
import { clearCodesWithoutMethods, enrolmentAnswer, recoveryCodeRoutes } from './recoveryCodes/recoveryCodeRoutes.js';
import { newTotpSecret, totpAuthUrl } from './totp.js';
import { openTotpSecret, sealTotpSecret } from './totpSecret.js';

const pendingKey = (call: CustodyCall<unknown>) =>
  `mfa-totp-pending:${call.owner.appId}:${call.owner.userId}:${call.deviceId}`;

/** The name an authenticator app shows for the account: the user's email, else phone, else id. */
function totpLabel(call: CustodyCall<unknown>): string {
  const named = (type: string) => call.user.accounts.find((a) => a.type === type)?.account_key;
  return named('email') ?? named('phone') ?? call.owner.userId;
}

const stateOf = (call: CustodyCall<unknown>) => mfaStateFor(call.ctx, call.owner, call.user.app);

/**
 * MFA endpoints (SPEC §7 "MFA", docs/mfa.md). `smsInit` and `passkeysInit` are bearer-only calls of the
 * host page that grant nothing; every other one is called by the wallet frame with a device proof
 * (`custodyRoute`) and answers the user's `WireMfaState`. Enrolling or removing a method when the user
 * already has one takes a `manage_mfa` verification.
 */
export const mfaRoutes: RouteDef[] = [
  {
    method: 'post',
    path: MFA_API.smsInit,
    caller: 'user',
    handler: async (c) => {
      const ctx = c.get('ctx');
      const user = c.get('user');
      const body = await parseBody(c, MfaSmsInitBody);
      const owner = { appId: user.app.id, userId: user.claims.userId };
      assertMfaMethodAllowed(user.app.config, 'sms');
      let phone: string;
      if (body.action === 'verify') {
        const factors = await ctx.mfaFactors.get(owner);
        if (!factors.sms) throw new LatchError('invalid_data', 'No phone number is enrolled for SMS verification.');
        phone = factors.sms.phone;
      } else {
        assertSmsMfaAvailable(user.accounts);
        phone = await normalisePhoneNumber(body.phone_number);
      }
      // The app's SMS countries, number types and caps, as for login codes, before anything is sent.
      await assertSmsSendAllowed(ctx, user.app, phone);
      await ctx.mfaSmsCodes.send(owner, user.app.name, body.action, phone, clientIp(c));
      return c.json({});
    },
  },
  {
    method: 'post',
    path: MFA_API.passkeysInit,
    caller: 'user',
    handler: async (c) => {
      const ctx = c.get('ctx');
      const user = c.get('user');
      await parseBody(c, v.object({}));
      assertMfaMethodAllowed(user.app.config, 'passkey');
      const owner = { appId: user.app.id, userId: user.claims.userId };
      return c.json({ options: await ctx.passkeys.mfaRequestOptions(owner, user.claims.sessionId) });
    },
  },
  custodyRoute('post', MFA_API.verify, MfaVerifyBody, async (call) => {
    const state = await stateOf(call);
    await verifyMfaFactor(call.ctx, call.owner, call.sessionId, state, call.user.app.config, call.body);
    await recordMfaVerification(call, call.body.action);
    return state;
  }),
  custodyRoute('post', MFA_API.totpInitEnrollment, undefined, async (call): Promise<WireTotpEnrollmentInfo> => {
    assertMfaMethodAllowed(call.user.app.config, 'totp');
    await manageMfaGate(call);
    const secret = newTotpSecret();
    const sealed = sealTotpSecret(call.ctx.keyring, call.owner, 'pending', secret);
    await call.ctx.shortLived.set(pendingKey(call), sealed, MFA_LIMIT.totpEnrollmentTtlMs);
    return { auth_url: totpAuthUrl(secret, call.user.app.name, totpLabel(call)), secret };
  }),
  custodyRoute('post', MFA_API.totpEnroll, MfaTotpEnrollBody, async (call) => {
    const { ctx, owner } = call;
    assertMfaMethodAllowed(call.user.app.config, 'totp');
    const before = await stateOf(call);
    const gate = await manageMfaGate(call);
    const pending = await ctx.shortLived.get(pendingKey(call));
    if (!pending) throw new LatchError('invalid_data', 'No authenticator app setup is pending: start again.');
    const secret = openTotpSecret(ctx.keyring, owner, 'pending', pending);
    const step = await confirmTotpCode(ctx, owner, secret, call.body.mfa_code);
    await gate.take();
    const enrolled = { type: 'mfa_enrolled', detail: { mfa_method: 'totp' } } as const;
    await recordSecurityEvent(call.c, enrolled, () =>
      ctx.mfaFactors.enrollTotp(owner, sealTotpSecret(ctx.keyring, owner, 'enrolled', secret), step),
    );
    await ctx.shortLived.delete(pendingKey(call));
    return enrolmentAnswer(call, before, await stateOf(call));
  }),
  custodyRoute('post', MFA_API.smsEnroll, MfaSmsEnrollBody, async (call) => {
    const { ctx, owner } = call;
    assertMfaMethodAllowed(call.user.app.config, 'sms');
    assertSmsMfaAvailable(call.user.accounts);
    const phone = await normalisePhoneNumber(call.body.phone_number);
    const before = await stateOf(call);
    const gate = await manageMfaGate(call);
    await confirmSmsCode(ctx, owner, phone, call.body.mfa_code);
    await gate.take();
    const enrolled = { type: 'mfa_enrolled', detail: { mfa_method: 'sms' } } as const;
    await recordSecurityEvent(call.c, enrolled, () => ctx.mfaFactors.enrollSms(owner, phone));
    return enrolmentAnswer(call, before, await stateOf(call));
  }),
  custodyRoute('post', MFA_API.passkeysEnroll, MfaPasskeysEnrollBody, async (call) => {
    assertMfaMethodAllowed(call.user.app.config, 'passkey');
    const linked = new Set(call.user.accounts.filter((a) => a.type === 'passkey').map((a) => a.account_key));
    // Bad input first: an id that is not one of the user's passkeys spends no verification.
    if (call.body.credential_ids.some((id) => !linked.has(id))) throw new LatchError('account_not_linked');
    const before = await stateOf(call);
    const gate = await manageMfaGate(call);
    await gate.take();
    const enrolled = { type: 'mfa_enrolled', detail: { mfa_method: 'passkey' } } as const;
    await recordSecurityEvent(call.c, enrolled, () =>
      call.ctx.passkeys.setEnrolledInMfa(call.owner, call.body.credential_ids, true),
    );
    return enrolmentAnswer(call, before, await stateOf(call));
  }),
  custodyRoute('post', MFA_API.unenroll, MfaUnenrollBody, async (call) => {
    const { ctx, owner, body } = call;
    const enrolled =
      body.method === 'passkey'
        ? (await ctx.passkeys.mfaCredentialIds(owner)).length > 0
        : (await ctx.mfaFactors.get(owner))[body.method] !== null;
    if (!enrolled) throw new LatchError('invalid_data', 'This MFA method is not enrolled for the user.');
    // Removing a method the app still offers takes a verification (SPEC §5); one it dropped does not count.
    const gate = await manageMfaGate(call);
    await gate.take();
    await recordSecurityEvent(call.c, { type: 'mfa_removed', detail: { mfa_method: body.method } }, async () => {
      if (body.method === 'passkey') await ctx.passkeys.setEnrolledInMfa(owner, 'all', false);
      else await ctx.mfaFactors.remove(owner, body.method);
    });
    const after = await stateOf(call);
    await clearCodesWithoutMethods(call, after);
    return after;
  }),
  ...recoveryCodeRoutes,
];
