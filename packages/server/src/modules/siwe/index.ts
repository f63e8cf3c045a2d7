import type { LatchModule } from '../../kernel/module.js';
import type { SiweLogin } from './SiweLogin.js';
import { buildSiwe } from './siweLoginFor.js';
import { siweRoutes } from './siweRoutes.js';
import { walletStepUpFactor } from './walletStepUpFactor.js';

declare module '../../kernel/context.js' {
  interface Services {
    /** Sign-In with Ethereum: nonces and message checks (modules/siwe/). */
    siwe: SiweLogin;
  }
}

/** Sign-In with Ethereum: login and link with an external wallet (SPEC §7 "SIWE"). */
export const siweModule: LatchModule = {
  id: 'siwe',
  services: (ctx) => ({ siwe: buildSiwe(ctx) }),
  routes: siweRoutes,
  stepUpFactors: [walletStepUpFactor],
};
