export {
  createEmbeddedWalletBridge,
  type EmbeddedWalletBridge,
  type EmbeddedWalletBridgeOptions,
  embeddedWalletFrameUrl,
} from './embeddedWalletBridge.js';
export {
  CREATE_TIMED_OUT_TEXT,
  EMBEDDED_WALLET_ERROR_TEXT,
  EmbeddedWalletError,
  toEmbeddedWalletError,
  WRONG_RECOVERY_PASSWORD_TEXT,
} from './embeddedWalletError.js';
export { browserFrameHost, type FrameHost, type FrameTarget, type HostMessage } from './frameHost.js';
