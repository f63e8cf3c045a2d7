export {
  type CodeChannel,
  type CodeScope,
  deriveCodeKey,
  OneTimeCodes,
  type OneTimeCodesOptions,
} from './OneTimeCodes.js';
