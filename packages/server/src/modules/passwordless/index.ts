import type { LatchModule } from '../../kernel/module.js';
import { codeStepUpFactor } from './codeStepUpFactor.js';
import { deriveCodeKey } from './OneTimeCodes.js';
import { createPasswordlessCodes, type PasswordlessCodes } from './PasswordlessCodes.js';
import { passwordlessRoutes } from './passwordlessRoutes.js';

declare module '../../kernel/context.js' {
  interface Services {
    /** Email and SMS one-time codes: login, link, update, unlink (modules/passwordless/). */
    passwordless: PasswordlessCodes;
  }
}

/** Email and SMS code login, link, update and unlink (SPEC §7 "Passwordless"). */
export const passwordlessModule: LatchModule = {
  id: 'passwordless',
  requires: ['mfa'],
  services: (ctx, { masterKey }) => ({ passwordless: createPasswordlessCodes(ctx, deriveCodeKey(masterKey)) }),
  routes: passwordlessRoutes,
  stepUpFactors: [codeStepUpFactor],
};
