export type { AnalyticsActions } from './actions/analyticsActions.js';
export type { LoginResult } from './actions/context.js';
export type { EmailActions } from './actions/emailActions.js';
export type { SmsActions } from './actions/smsActions.js';
export type { UserActions } from './actions/userActions.js';
export type { SiweWallet, WalletActions } from './actions/walletActions.js';
export { createLatchClient, type LatchClient, type LatchClientOptions, type OAuthReturn } from './client.js';
export { type Clock, sleep, systemClock } from './clock.js';
export {
  createEmbeddedWalletRuntime,
  type EmbeddedWalletRuntime,
  type EmbeddedWalletState,
  type SignRequest,
  USER_REJECTED_TEXT,
} from './embeddedWallet/embeddedWalletRuntime.js';
export * from './embeddedWallet/index.js';
export type { ExportPageOptions, KeyExportState, WalletExporter } from './embeddedWallet/walletExporter.js';
export type { WalletFlowSession } from './embeddedWallet/walletFlowSession.js';
export type { WalletFlowDeps, WalletFlows } from './embeddedWallet/walletFlows.js';
export { createFakeClock, type FakeClock } from './fakeClock.js';
export { flowContextOf } from './flows/flowContext.js';
export * from './flows/index.js';
export { createLatch, type Latch, type LatchOptions, type LoginCompleteResult } from './latch.js';
export { createStore, type Store } from './machine/createStore.js';
export { hasAudience, isTokenActive, readClaims } from './session/accessToken.js';
export { browserUrlAccess, RETURN_PARAM, type ReturnParams, type UrlAccess } from './session/returnParams.js';
export { storageKeys } from './session/tokenStore.js';
export { defaultStorage, type LatchStorage, localStorageStorage, memoryStorage } from './storage.js';
export { INITIAL_STATE, type LatchState } from './store.js';
export { createTransport, type RequestOptions, type Transport, type TransportOptions } from './transport/transport.js';
// External wallets (discovery, connectors, the wallet connection flow) are `@latch/core/wallet`, kept out of
// the page's initial JavaScript: import them only from lazily loaded modules. The error class is shared.
export { type Eip1193Provider, type Eip1193RequestArguments, WalletProviderError } from './wallet/eip1193.js';
export type { WalletRuntime } from './wallet/walletRuntime.js';
export { createWalletsLoader, type WalletsDeps, type WalletsLoader } from './wallet/walletsLoader.js';
