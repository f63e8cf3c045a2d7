import { maskPhone } from '../../identity/securityEvents/maskIdentifier.js';
import {
  checkStepUpCode,
  factorNotAllowed,
  missingProof,
  type StepUpFactor,
} from '../../identity/stepUp/StepUpFactor.js';
import { wrongCode } from '../../identity/users/checkWithAttempts.js';
import { assertSmsSendAllowed } from '../passwordless/smsPolicy.js';
import { totpVerdict } from './mfaFactorChecks.js';
import { openTotpSecret } from './totpSecret.js';

const ownerOf = (caller: { app: { id: string }; claims: { userId: string } }) => ({
  appId: caller.app.id,
  userId: caller.claims.userId,
});

/**
 * Step-up with an enrolled MFA factor: a TOTP code, or a code sent by SMS to the enrolled phone (under the
 * send limits and the app's SMS policy); both checked under the per-user attempt limits MFA shares.
 */
export const mfaStepUpFactor: StepUpFactor = {
  types: ['totp', 'sms_mfa'],
  enrolled: async (ctx, caller) => {
    const mfa = await ctx.mfaFactors.get(ownerOf(caller));
    const factors = [];
    if (mfa.totp) factors.push({ factor: { type: 'totp' as const, id: '', label: '' }, since: mfa.totp.enrolledAt });
    if (mfa.sms) {
      const factor = { type: 'sms_mfa' as const, id: '', label: maskPhone(mfa.sms.phone), phone: mfa.sms.phone };
      factors.push({ factor, since: mfa.sms.enrolledAt });
    }
    return factors;
  },
  init: async (ctx, caller, factor, _body, request) => {
    if (factor.type === 'totp') return { type: 'totp' };
    const phone = factor.phone ?? '';
    await assertSmsSendAllowed(ctx, caller.app, phone);
    await ctx.mfaSmsCodes.send(ownerOf(caller), caller.app.name, 'verify', phone, request.ip);
    return { type: 'sms_mfa', destination: factor.label };
  },
  verify: async (ctx, caller, factor, body) => {
    const code = body.code ?? '';
    if (!code) throw missingProof('code');
    const owner = ownerOf(caller);
    if (factor.type === 'sms_mfa') {
      return checkStepUpCode(
        ctx,
        caller,
        () => ctx.mfaSmsCodes.check(owner, 'verify', factor.phone ?? '', code),
        wrongCode,
      );
    }
    const stored = (await ctx.mfaFactors.get(owner)).totp;
    if (!stored) throw factorNotAllowed();
    const secret = openTotpSecret(ctx.keyring, owner, 'enrolled', stored.sealed);
    return checkStepUpCode(ctx, caller, () => totpVerdict(ctx, owner, secret, code), wrongCode);
  },
};
