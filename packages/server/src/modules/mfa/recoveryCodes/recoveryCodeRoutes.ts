import { LatchError, type WireMfaEnrollment, type WireMfaState } from '@latch/protocol';
import { MFA_API } from '@latch/protocol/mfa';
import type { RouteDef } from '../../../kernel/http/env.js';
import { type CustodyCall, custodyRoute } from '../../wallets/custodyRoute.js';
import { manageMfaGate, mfaStateFor } from '../mfaGate.js';
import { recoveryCodesOf } from './MfaRecoveryCodes.js';

/**
 * An enrolment's answer: the state after it, plus a fresh set of recovery codes when it gave the user
 * their first MFA method (`before` had none). The codes are shown this once; only hashes are kept.
 */
export async function enrolmentAnswer(
  call: CustodyCall<unknown>,
  before: WireMfaState,
  after: WireMfaState,
): Promise<WireMfaEnrollment> {
  if (before.mfa_methods.length > 0 || after.mfa_methods.length === 0) return after;
  return { ...after, recovery_codes: await recoveryCodesOf(call.ctx).generate(call.owner) };
}

/** Forgets the recovery codes once the user has no MFA method left (they would unlock nothing). */
export async function clearCodesWithoutMethods(call: CustodyCall<unknown>, after: WireMfaState): Promise<void> {
  if (after.mfa_methods.length === 0) await recoveryCodesOf(call.ctx).clear(call.owner);
}

/** The recovery-code endpoints (MFA-06, docs/mfa.md "Recovery codes"). */
export const recoveryCodeRoutes: RouteDef[] = [
  {
    // How many are left, for the widget's "n left": a count only, so the bearer token suffices.
    method: 'get',
    path: MFA_API.recoveryCodes,
    caller: 'user',
    handler: async (c) => {
      const ctx = c.get('ctx');
      const user = c.get('user');
      const owner = { appId: user.app.id, userId: user.claims.userId };
      return c.json({ remaining: await recoveryCodesOf(ctx).remaining(owner) });
    },
  },
  // A new set replaces the old one: the frame, with a `manage_mfa` verification (a code or a passkey).
  custodyRoute('post', MFA_API.recoveryCodes, undefined, async (call) => {
    const state = await mfaStateFor(call.ctx, call.owner, call.user.app);
    if (state.mfa_methods.length === 0) {
      throw new LatchError('invalid_data', 'No MFA method is enrolled: recovery codes come with the first one.');
    }
    const gate = await manageMfaGate(call);
    await gate.take();
    return { recovery_codes: await recoveryCodesOf(call.ctx).generate(call.owner) };
  }),
];
