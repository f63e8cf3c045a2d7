import { LatchError } from '@latch/protocol';
import { maskEmail, maskPhone } from '../../identity/securityEvents/maskIdentifier.js';
import {
  checkStepUpCode,
  type EligibleFactor,
  missingProof,
  type StepUpFactor,
} from '../../identity/stepUp/StepUpFactor.js';
import type { FactorVerdict } from '../../identity/users/checkWithAttempts.js';
import { assertSmsSendAllowed } from './smsPolicy.js';

const channelOf = (factor: EligibleFactor) => (factor.type === 'email' ? 'email' : 'sms');

/** The verdict of a passwordless code check: wrong for a wrong, used or expired code. */
async function passwordlessVerdict(run: () => Promise<void>): Promise<FactorVerdict> {
  try {
    await run();
    return 'ok';
  } catch (error) {
    if (error instanceof LatchError && error.code === 'invalid_credentials') return 'wrong';
    throw error;
  }
}

/**
 * Step-up with a code sent to a linked email or phone (purpose 'step-up'): the send under the send limits
 * (and the app's SMS policy), the check under the per-user attempt limits.
 */
export const codeStepUpFactor: StepUpFactor = {
  types: ['email', 'sms'],
  ofAccount: (account) => {
    const key = account.account_key;
    if (account.type === 'email') return { type: 'email', id: key, label: maskEmail(key), account };
    if (account.type === 'phone') return { type: 'sms', id: key, label: maskPhone(key), account };
    return undefined;
  },
  init: async (ctx, caller, factor, _body, request) => {
    const channel = channelOf(factor);
    if (channel === 'sms') await assertSmsSendAllowed(ctx, caller.app, factor.id);
    await ctx.passwordless.send(caller.app, channel, factor.id, request.ip, 'step-up');
    return { type: factor.type === 'email' ? 'email' : 'sms', destination: factor.label };
  },
  verify: async (ctx, caller, factor, body) => {
    const code = body.code ?? '';
    if (!code) throw missingProof('code');
    const verify = () => ctx.passwordless.verify(caller.app.id, channelOf(factor), factor.id, code, 'step-up');
    return checkStepUpCode(
      ctx,
      caller,
      () => passwordlessVerdict(verify),
      () => new LatchError('invalid_credentials'),
    );
  },
};
