import type { LatchModule } from '../../kernel/module.js';
import * as passkeys015 from './migrations/015_passkeys.js';
import { Passkeys } from './Passkeys.js';
import { passkeyRoutes } from './passkeyRoutes.js';
import { passkeyStepUpFactor } from './passkeyStepUpFactor.js';

declare module '../../kernel/context.js' {
  interface Services {
    /** Passkeys (WebAuthn): login, sign-up, link, unlink, and the MFA factor (modules/passkeys/). */
    passkeys: Passkeys;
  }
}

/** Passkey login, sign-up, link and unlink (SPEC §7 "Passkeys"). */
export const passkeysModule: LatchModule = {
  id: 'passkeys',
  services: (ctx) => ({ passkeys: new Passkeys(ctx) }),
  routes: passkeyRoutes,
  migrations: { '015_passkeys': passkeys015 },
  stepUpFactors: [passkeyStepUpFactor],
};
