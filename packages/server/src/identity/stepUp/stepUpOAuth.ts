import type { OAuthAuthenticateRequest } from '@latch/protocol';
import type { ServerContext } from '../../kernel/context.js';
import type { AuthenticatedUser } from '../http/requireCaller.js';
import { factorNotAllowed, type StepUpFactor } from './stepUpFactors.js';

/**
 * The OAuth step-up's check: the provider's code (of a `step_up` state of this session, auth/oauth)
 * must answer for the very account `factor` stands on, linked before this session. Another account at
 * the same provider is 422 `step_up_factor_not_allowed`.
 */
export async function requireStepUpOAuthAccount(
  ctx: ServerContext,
  caller: AuthenticatedUser,
  factor: StepUpFactor,
  body: OAuthAuthenticateRequest,
): Promise<void> {
  const { provider, subject } = await ctx.oauth.reauthenticate(caller, body);
  const account = factor.account;
  if (!account || provider !== factor.id || account.type !== `${provider}_oauth` || account.account_key !== subject) {
    throw factorNotAllowed('The account you confirmed with is not the one linked to you before this session.');
  }
}
