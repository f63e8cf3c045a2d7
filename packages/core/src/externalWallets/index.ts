export type { PreparedSiweMessage, SignedSiweMessage, SiweAccount } from '../actions/walletActions.js';
export {
  assertCanConnectOrCreate,
  type ConnectedWallet,
  type ConnectedWallets,
  createConnectedWallets,
} from './connectedWallets.js';
export {
  type DiscoveredWallet,
  type DiscoveryTarget,
  discoverWallets,
  type WalletDiscovery,
} from './discoverWallets.js';
export {
  EIP6963_EVENT,
  type Eip1193Provider,
  type Eip1193RequestArguments,
  type Eip6963ProviderDetail,
  type Eip6963ProviderInfo,
  type ProviderRpcError,
  WalletProviderError,
} from './eip1193.js';
export { isEip1193Provider, isProviderRpcError } from './eip1193Guards.js';
export { createExternalWallets, type ExternalWallets, type ExternalWalletsOptions } from './externalWallets.js';
export {
  type ConnectorTimeouts,
  createInjectedConnector,
  type WalletConnection,
  type WalletConnector,
} from './injectedConnector.js';
export { isMobileBrowser, isMobileDevice } from './isMobileDevice.js';
export {
  KNOWN_WALLETS,
  type KnownSmartWallet,
  type KnownWallet,
  knownWalletByRdns,
  SMART_WALLET,
  smartWalletSupportsChain,
  walletClientTypeFor,
} from './knownWallets.js';
export {
  createWalletHelp,
  INSTALL_GUIDE_STEPS,
  type InstallGuide,
  installGuide,
  interstitialView,
  PHANTOM_SCREEN,
  resolveWalletDeepLink,
  WALLET_CONNECT_ID,
  type WalletChoice,
  type WalletHelp,
  type WalletHelpScreen,
  type WalletHelpTarget,
  walletChoice,
  walletHelpScreen,
  walletHelpTarget,
} from './phantomScreens.js';
export { siweWallet } from './siweWallet.js';
export {
  createWalletConnectConnector,
  createWalletConnectPairing,
  type WalletConnectInit,
  type WalletConnectMetadata,
  type WalletConnectOptions,
  type WalletConnectPairing,
  type WalletConnectProviderLike,
  walletConnectMetadata,
} from './walletConnectConnector.js';
export {
  initialWalletConnectionState,
  PREPARED_SIGN_IN_REFRESH_MS,
  requiresManualSign,
  SIGN_WITH_WALLET_TEXT,
  walletConnectionTransition,
} from './walletConnection.js';
export {
  createWalletConnectionRunner,
  type WalletConnectionActions,
  type WalletConnectionRunner,
  type WalletFlowHandlers,
} from './walletConnectionRunner.js';
export type {
  ChosenWallet,
  PostLoginStep,
  SignInStep,
  WalletConnectionEffect,
  WalletConnectionEvent,
  WalletConnectionState,
  WalletConnectionStatus,
  WalletIntent,
  WalletTransition,
} from './walletConnectionTypes.js';
export {
  deepLinkScreen,
  inAppBrowserUrl,
  takeWalletDeepLink,
  WALLET_DEEP_LINK_PARAM,
  type WalletDeepLink,
} from './walletDeepLink.js';
export {
  WALLET_PROVIDER_CODES,
  WALLET_TEXT,
  type WalletErrorKind,
  type WalletErrorView,
  type WalletStep,
  walletErrorView,
} from './walletErrors.js';
export {
  DEFAULT_WALLET_LIST,
  DETECTED_WALLETS,
  type WalletListEntry,
  walletListEntries,
} from './walletListEntries.js';
export { awaitingScreenFor, walletListScreenFor } from './walletScreens.js';
export { WalletTimeoutError, withTimeout } from './withTimeout.js';
