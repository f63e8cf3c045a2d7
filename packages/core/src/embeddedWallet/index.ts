// The bridge itself is reached only through createLazyEmbeddedWalletBridge, so that it stays out of
// the host page's initial JavaScript (a static re-export would pull it in).
export type { EmbeddedWalletBridge, EmbeddedWalletBridgeOptions } from './embeddedWalletBridge.js';
export {
  type CreateWalletOptions,
  createEmbeddedWalletController,
  type EmbeddedWalletClient,
  type EmbeddedWalletController,
  type EmbeddedWalletControllerOptions,
  type EmbeddedWalletInfo,
  embeddedWalletOf,
  FAILED_TO_REFRESH_USER_TEXT,
  MISSING_EMBEDDED_WALLET_TEXT,
  NO_TOKEN_FOR_WALLET_TEXT,
  UNSUPPORTED_RECOVERY_TEXT,
} from './embeddedWalletController.js';
export {
  CREATE_TIMED_OUT_TEXT,
  EMBEDDED_WALLET_ERROR_TEXT,
  EmbeddedWalletError,
  toEmbeddedWalletError,
  WRONG_RECOVERY_PASSWORD_TEXT,
} from './embeddedWalletError.js';
export {
  createEmbeddedWalletProvider,
  type Eip1193Request,
  type EmbeddedWalletProvider,
} from './embeddedWalletProvider.js';
// The export page messaging loads on first use (out of the host page's initial JavaScript).
export type { ExportUrlOptions, KeyExportOptions, KeyExportSession } from './exportFrame.js';
export { loadKeyExport } from './exportFrameLoader.js';
export { browserFrameHost, type FrameHost, type FrameTarget, type HostMessage } from './frameHost.js';
export { createLazyEmbeddedWalletBridge } from './lazyEmbeddedWalletBridge.js';
export { loadRecoveryFlow, type RecoveryFlowModule } from './recoveryFlowLoader.js';
// The password and recovery flows load on first use; only their types are re-exported here.
export type {
  PasswordFlowEvent,
  PasswordFlowState,
  PasswordStep,
  PasswordStrength,
  RecoveryFlowActions,
  RecoveryFlowEvent,
  RecoveryFlowRunner,
  RecoveryFlowState,
  RecoveryOptionView,
  WalletFlowOutcome,
  WalletFlowPurpose,
  WalletFlowScreen,
} from './recoveryFlowModule.js';
