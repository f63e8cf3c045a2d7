// Everything the widget's wallet-flow dialog needs, in one module that loads on first use
// (walletFlowLoader.ts), so none of it lands in the host page's initial JavaScript.
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
export { createPasswordActions, type PasswordActions } from './recoveryPasswordActions.js';
export {
  initialWalletFlow,
  isClosable,
  type RecoveryOptionView,
  recoveryOptions,
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
