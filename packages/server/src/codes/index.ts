export { normalisePhoneNumber } from './normalisePhoneNumber.js';
export {
  type CodeChannel,
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
