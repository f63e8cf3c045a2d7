// Everything the widget's wallet-flow dialog needs, in one module that loads on first use
// (walletFlowLoader.ts), so none of it lands in the host page's initial JavaScript.

export {
  canContinueWithPassword,
  type PasswordStrength,
  type PasswordStrengthLabel,
  passwordStrength,
} from '@latch/protocol/password';
export { type CloudActions, createCloudActions } from './cloudRecoveryActions.js';
export {
  type CloudFailure,
  type CloudMethod,
  type CloudStep,
  isCloudMethod,
} from './cloudRecoveryStep.js';
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
export { generatePassword, passwordError, recoveryFileName } from './passwordRules.js';
export { type RecoveryOptionView, recoveryOptions } from './recoveryOptions.js';
export { createPasswordActions, type PasswordActions } from './recoveryPasswordActions.js';
export {
  initialWalletFlow,
  isClosable,
  WALLET_FLOW_SCREEN,
  type WalletFlowEffect,
  type WalletFlowEvent,
  type WalletFlowOutcome,
  type WalletFlowPurpose,
  type WalletFlowScreen,
  type WalletFlowState,
  walletFlowTransition,
} from './walletFlow.js';
export {
  createWalletFlowRunner,
  recoverFailureReason,
  type WalletFlowActions,
  type WalletFlowRunner,
} from './walletFlowRunner.js';
