import { LatchError, type WirePasskeyAssertion, type WirePasskeyRequestOptions } from '@latch/protocol';
import type { AuthenticatedUser } from '../../identity/http/requireCaller.js';
import { factorNotAllowed, missingProof, type StepUpFactor } from '../../identity/stepUp/StepUpFactor.js';
import { accountsBeforeSession } from '../../identity/stepUp/stepUpFactors.js';
import type { ServerContext } from '../../kernel/context.js';
import { requestOptions } from './ceremonies.js';
import type { ChallengeBinding } from './PasskeyChallenges.js';

const binding = (caller: AuthenticatedUser): ChallengeBinding => ({
  purpose: 'step_up',
  userId: caller.claims.userId,
  sessionId: caller.claims.sessionId,
});

const refused = () => new LatchError('passkey_not_allowed', 'The passkey response did not verify.');

/** The caller's passkey credential ids that count as step-up factors (linked before this session). */
async function stepUpPasskeyIds(ctx: ServerContext, caller: AuthenticatedUser): Promise<Set<string>> {
  const before = await accountsBeforeSession(ctx, caller);
  return new Set(before.filter((a) => a.type === 'passkey').map((a) => a.account_key));
}

/** Request options over the caller's passkeys linked before this session; the challenge is single use and bound to this session. */
async function stepUpPasskeyOptions(ctx: ServerContext, caller: AuthenticatedUser): Promise<WirePasskeyRequestOptions> {
  const eligible = await stepUpPasskeyIds(ctx, caller);
  const own = await ctx.passkeys.credentials.ofUser(caller.app.id, caller.claims.userId);
  const allow = own.filter((c) => eligible.has(c.id));
  // An empty allow list would let any discoverable passkey answer.
  if (allow.length === 0) throw factorNotAllowed();
  const challenge = await ctx.passkeys.challenges.issue(caller.app.id, binding(caller));
  return requestOptions(ctx.passkeys.rp(caller.app), challenge, ctx.passkeys.challenges.timeoutMs, allow);
}

/**
 * Verifies an assertion of this session's step-up challenge by one of the caller's passkeys linked
 * before this session (and records its use); another user's passkey, or one linked since, is 422
 * `step_up_factor_not_allowed`; a response that does not verify is `passkey_not_allowed`.
 */
async function verifyStepUpPasskey(
  ctx: ServerContext,
  caller: AuthenticatedUser,
  credential: WirePasskeyAssertion,
): Promise<void> {
  const stored = await ctx.passkeys.credentials.find(caller.app.id, credential.id);
  const eligible = await stepUpPasskeyIds(ctx, caller);
  if (!stored || stored.userId !== caller.claims.userId || !eligible.has(stored.credentialId)) {
    throw factorNotAllowed();
  }
  await ctx.passkeys.verifyAndRecord(caller.app, credential, stored, binding(caller), refused);
}

/** Step-up with a passkey linked before this session: all of them are one factor (the assertion names which). */
export const passkeyStepUpFactor: StepUpFactor = {
  types: ['passkey'],
  onePerUser: true,
  ofAccount: (account) => (account.type === 'passkey' ? { type: 'passkey', id: '', label: '', account } : undefined),
  init: async (ctx, caller) => ({ type: 'passkey', options: await stepUpPasskeyOptions(ctx, caller) }),
  verify: async (ctx, caller, _factor, body) => {
    if (!body.credential) throw missingProof('credential');
    return verifyStepUpPasskey(ctx, caller, body.credential);
  },
};
