import type { LatchModule } from '../../kernel/module.js';
import { MfaFactors } from './MfaFactors.js';
import { buildMfaSmsCodes, type MfaSmsCodes } from './MfaSmsCodes.js';
import { mfaRoutes } from './mfaRoutes.js';
import { mfaStepUpFactor } from './mfaStepUpFactor.js';

declare module '../../kernel/context.js' {
  interface Services {
    /** The users' TOTP and SMS MFA factors (modules/mfa/). */
    mfaFactors: MfaFactors;
    /** SMS MFA codes: their own HMAC key and namespace (modules/mfa/MfaSmsCodes.ts). */
    mfaSmsCodes: MfaSmsCodes;
  }
}

/** MFA enrolment, verification and recovery codes (SPEC §7 "MFA"). */
export const mfaModule: LatchModule = {
  id: 'mfa',
  requires: ['passkeys', 'wallets'],
  services: (ctx, { masterKey }) => ({
    mfaFactors: new MfaFactors(ctx.db, ctx.clock),
    mfaSmsCodes: buildMfaSmsCodes(ctx, masterKey),
  }),
  routes: mfaRoutes,
  stepUpFactors: [mfaStepUpFactor],
};
