export {
  authFlowTransition,
  needsConsent,
  needsEmbeddedWallet,
} from './authFlow.js';
export {
  createFlowRunner,
  type FlowActions,
  type FlowClock,
  type FlowHandlers,
  type FlowRunner,
  toFlowError,
} from './flowRunner.js';
export type {
  AuthFlowState,
  ExitError,
  FlowContext,
  FlowEffect,
  FlowError,
  FlowEvent,
  FlowIntent,
  ModalPhase,
  OtpChannel,
  OtpState,
  OtpStatus,
  Transition,
} from './flowTypes.js';
export {
  configWarnings,
  groupVisibleCount,
  type LandingEntry,
  type LandingLayout,
  landingLayout,
  primaryVisibleCount,
  showsImplicitConsent,
} from './landingLayout.js';
export { initialAuthFlowState } from './modalNavigation.js';
export { SCREEN, type ScreenId } from './screens.js';
export { codeDigits, codeValidationMessage, isValidEmail } from './validation.js';
