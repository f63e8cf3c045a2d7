export { normalisePhoneNumber } from './normalisePhoneNumber.js';
export {
  CODE_GUESS_POLICY,
  type CodeChannel,
  type CodeGuessPolicy,
  type CodePurpose,
  type CodeScope,
  deriveCodeKey,
  OneTimeCodes,
  type OneTimeCodesOptions,
} from './OneTimeCodes.js';
export {
  assertMethodEnabled,
  type CodeApp,
  configurePasswordlessCodes,
  PasswordlessCodes,
  type PasswordlessCodesOptions,
  passwordlessCodes,
} from './PasswordlessCodes.js';
