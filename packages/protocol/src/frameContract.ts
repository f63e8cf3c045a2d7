// The `@latch/protocol/frame` entry: the embedded wallet frame's contract (its pages' paths and rendered
// config, the boot guard, the iframe event names and error types, how a signed message is shown). An entry of its own, not part of
// protocol's index: esbuild puts every module a page's barrel re-exports into that page's initial chunks
// once any lazy chunk uses it, and only the frame, the server and the lazily loaded bridge need these.
export {
  type BootRefusal,
  FRAME_CONFIG_ELEMENT_ID,
  FRAME_SCRIPT,
  type FrameConfig,
  frameParentOrigin,
  type GuardWindow,
  isFramedOnce,
  type ParentClues,
  readFrameConfig,
  resolveParentOrigin,
} from './frame.js';
export { FRAME_PATH } from './paths/wallets.js';
export { shownMessage } from './shownMessage.js';
export { isWrongRecoveryPassword, WALLET_ERROR_TEXT } from './walletErrors.js';
export {
  isWalletMessage,
  WALLET_EVENT,
  WALLET_EVENT_PREFIX,
  WALLET_EVENTS,
  WALLET_PROXY_ERROR_TYPES,
  WALLET_READY_ANNOUNCEMENT_ID,
  type WalletEvent,
  type WalletProxyErrorType,
} from './walletEvents.js';
