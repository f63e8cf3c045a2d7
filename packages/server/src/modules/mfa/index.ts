import type { LatchModule } from '../../kernel/module.js';
import { MfaFactors } from './MfaFactors.js';
import { buildMfaSmsCodes, type MfaSmsCodes } from './MfaSmsCodes.js';
import { createMfaGate, type MfaGate } from './mfaGate.js';
import { mfaRoutes } from './mfaRoutes.js';
import { mfaSealing } from './mfaSealing.js';
import { mfaStepUpFactor } from './mfaStepUpFactor.js';
import * as mfa016 from './migrations/016_mfa.js';
import * as mfaRecoveryCodes024 from './migrations/024_mfa_recovery_codes.js';

declare module '../../kernel/context.js' {
  interface Services {
    /** The users' TOTP and SMS MFA factors (modules/mfa/). */
    mfaFactors: MfaFactors;
    /** SMS MFA codes: their own HMAC key and namespace (modules/mfa/MfaSmsCodes.ts). */
    mfaSmsCodes: MfaSmsCodes;
    /** The MFA gate wallet custody calls before export, recovery and a new password (modules/mfa/mfaGate.ts). */
    mfaGate: MfaGate;
  }
}

/** MFA enrolment, verification and recovery codes (SPEC §7 "MFA"). */
export const mfaModule: LatchModule = {
  id: 'mfa',
  requires: ['passkeys', 'wallets'],
  services: (ctx, { masterKey }) => ({
    mfaFactors: new MfaFactors(ctx.db, ctx.clock),
    mfaSmsCodes: buildMfaSmsCodes(ctx, masterKey),
    mfaGate: createMfaGate(ctx),
  }),
  routes: mfaRoutes,
  migrations: { '016_mfa': mfa016, '024_mfa_recovery_codes': mfaRecoveryCodes024 },
  sealed: mfaSealing,
  stepUpFactors: [mfaStepUpFactor],
};
