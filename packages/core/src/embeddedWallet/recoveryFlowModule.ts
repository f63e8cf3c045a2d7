// Everything the widget's wallet-flow dialog needs, in one module that loads on first use
// (recoveryFlowLoader.ts), so none of it lands in the host page's initial JavaScript.
export {
  canAdvance,
  canGoBack,
  confirmStepError,
  createStepError,
  initialPasswordFlow,
  type PasswordFlowEvent,
  type PasswordFlowState,
  type PasswordStep,
  passwordFlowTransition,
} from './passwordFlow.js';
export {
  canContinueWithPassword,
  generatePassword,
  type PasswordStrength,
  type PasswordStrengthLabel,
  passwordError,
  passwordStrength,
  recoveryFileName,
} from './passwordRules.js';
export {
  initialRecoveryFlow,
  isClosable,
  type RecoveryFlowEffect,
  type RecoveryFlowEvent,
  type RecoveryFlowState,
  type RecoveryOptionView,
  recoveryFlowTransition,
  recoveryOptions,
  WALLET_FLOW_SCREEN,
  type WalletFlowOutcome,
  type WalletFlowPurpose,
  type WalletFlowScreen,
} from './recoveryFlow.js';
export {
  createRecoveryFlowRunner,
  type RecoveryFlowActions,
  type RecoveryFlowRunner,
  recoverFailureReason,
} from './recoveryFlowRunner.js';
export { createPasswordActions, type PasswordActions } from './recoveryPasswordActions.js';
