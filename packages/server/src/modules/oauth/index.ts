import type { LatchModule } from '../../kernel/module.js';
import { OAuthLogin } from './OAuthLogin.js';
import { oauthRoutes } from './oauthRoutes.js';
import { oauthStepUpFactor } from './oauthStepUpFactor.js';

declare module '../../kernel/context.js' {
  interface Services {
    /** OAuth 2.0 + PKCE login, link and unlink for the nine providers (modules/oauth/). */
    oauth: OAuthLogin;
  }
}

/** OAuth login, link and unlink (SPEC §7 "OAuth"). */
export const oauthModule: LatchModule = {
  id: 'oauth',
  services: (ctx) => ({ oauth: new OAuthLogin(ctx) }),
  routes: oauthRoutes,
  stepUpFactors: [oauthStepUpFactor],
};
