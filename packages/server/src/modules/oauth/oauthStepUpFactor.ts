import { OAUTH_PROVIDERS, type OAuthAuthenticateRequest, type OAuthProvider } from '@latch/protocol';
import type { AuthenticatedUser } from '../../identity/http/requireCaller.js';
import {
  type EligibleFactor,
  factorNotAllowed,
  missingProof,
  type StepUpFactor,
} from '../../identity/stepUp/StepUpFactor.js';
import type { ServerContext } from '../../kernel/context.js';

const PROVIDER_NAMES: Record<OAuthProvider, string> = {
  google: 'Google',
  twitter: 'Twitter',
  discord: 'Discord',
  github: 'GitHub',
  spotify: 'Spotify',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  linkedin: 'LinkedIn',
  apple: 'Apple',
};

const providerOf = (type: string): OAuthProvider | undefined =>
  OAUTH_PROVIDERS.find((provider) => type === `${provider}_oauth`);

/**
 * The OAuth step-up's check: the provider's code (of a `step_up` state of this session, auth/oauth)
 * must answer for the very account `factor` stands on, linked before this session. Another account at
 * the same provider is 422 `step_up_factor_not_allowed`.
 */
async function requireStepUpOAuthAccount(
  ctx: ServerContext,
  caller: AuthenticatedUser,
  factor: EligibleFactor,
  body: OAuthAuthenticateRequest,
): Promise<void> {
  const { provider, subject } = await ctx.oauth.reauthenticate(caller, body);
  const account = factor.account;
  if (!account || provider !== factor.id || account.type !== `${provider}_oauth` || account.account_key !== subject) {
    throw factorNotAllowed('The account you confirmed with is not the one linked to you before this session.');
  }
}

/** Step-up through the provider of an OAuth account linked before this session (a `step_up` state). */
export const oauthStepUpFactor: StepUpFactor = {
  types: ['oauth'],
  ofAccount: (account) => {
    const provider = providerOf(account.type);
    return provider ? { type: 'oauth', id: provider, label: PROVIDER_NAMES[provider], account } : undefined;
  },
  init: async (ctx, caller, factor, body, request) => {
    const { redirect_to, state_code, code_challenge } = body;
    if (!redirect_to || !state_code || !code_challenge) throw missingProof('redirect_to, state_code, code_challenge');
    const init = { provider: factor.id as OAuthProvider, redirect_to, state_code, code_challenge };
    return { type: 'oauth', url: await ctx.oauth.init(caller.app, init, request.ip, caller, 'step_up') };
  },
  verify: async (ctx, caller, factor, body) => {
    const { authorization_code, state_code, code_verifier } = body;
    if (!authorization_code || !state_code || !code_verifier) {
      throw missingProof('authorization_code, state_code, code_verifier');
    }
    return requireStepUpOAuthAccount(ctx, caller, factor, { authorization_code, state_code, code_verifier });
  },
};
