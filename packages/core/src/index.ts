export type { AnalyticsActions } from './actions/analyticsActions.js';
export type { CodeLoginOptions, LoginResult } from './actions/context.js';
export type { EmailActions } from './actions/emailActions.js';
export type { PriceActions } from './actions/priceActions.js';
export type { SmsActions } from './actions/smsActions.js';
export type { UserActions } from './actions/userActions.js';
export type { SiweWallet, WalletActions } from './actions/walletActions.js';
export {
  authFlowTransition,
  needsConsent,
  needsEmbeddedWallet,
} from './auth/authFlow.js';
export { flowContextOf } from './auth/flowContext.js';
export { createFlowRunner, type FlowActions, type FlowHandlers, type FlowRunner } from './auth/flowRunner.js';
export type {
  AuthFlowState,
  ExitError,
  FlowContext,
  FlowEffect,
  FlowEvent,
  FlowIntent,
  LoginRequest,
  ModalPhase,
  OtpChannel,
  OtpState,
  OtpStatus,
  PasskeyFlowState,
  PasskeyOperation,
  SocialEvent,
  SocialFlowState,
  SocialMethod,
  Transition,
} from './auth/flowTypes.js';
export {
  configWarnings,
  groupVisibleCount,
  type LandingEntry,
  type LandingLayout,
  landingLayout,
  primaryVisibleCount,
  requestedLoginMethods,
  showsImplicitConsent,
} from './auth/landingLayout.js';
export { initialAuthFlowState } from './auth/modalNavigation.js';
export { loadPasskeyFlow } from './auth/passkeyFlowLoader.js';
export { SCREEN, type ScreenId } from './auth/screens.js';
export { loadSocialFlow } from './auth/socialFlowLoader.js';
export { codeDigits, codeSubmitError, codeValidationError, isValidEmail } from './auth/validation.js';
export { createLatchClient, type LatchClient, type LatchClientOptions } from './client.js';
export { type Clock, sleep, systemClock } from './clock.js';
// The bridge itself is reached only through createLazyEmbeddedWalletBridge, so that it stays out of
// the host page's initial JavaScript (a static re-export would pull it in).
export type { EmbeddedWalletBridge, EmbeddedWalletBridgeOptions } from './embeddedWallet/embeddedWalletBridge.js';
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
} from './embeddedWallet/embeddedWalletController.js';
// Mapping a frame reply to this error (toEmbeddedWalletError.ts) loads with the bridge.
export { EmbeddedWalletError } from './embeddedWallet/embeddedWalletError.js';
export {
  createEmbeddedWalletProvider,
  type Eip1193Request,
  type EmbeddedWalletProvider,
} from './embeddedWallet/embeddedWalletProvider.js';
export {
  createEmbeddedWalletRuntime,
  type EmbeddedWalletRuntime,
  type EmbeddedWalletState,
} from './embeddedWallet/embeddedWalletRuntime.js';
// The export page messaging loads on first use (out of the host page's initial JavaScript).
export type { ExportUrlOptions, KeyExportOptions, KeyExportSession } from './embeddedWallet/exportFrame.js';
export { loadKeyExport } from './embeddedWallet/exportFrameLoader.js';
// The browser's frame host is made inside the lazily loaded bridge and export page: a value exported here
// would put frameHost.ts in the page's initial JavaScript (esbuild places a barrel's modules there).
export type { FrameHost, FrameTarget, HostMessage } from './embeddedWallet/frameHost.js';
// The key export loads on first use; only its types are re-exported here.
export type {
  KeyExportEffect,
  KeyExportEvent,
  KeyExportState,
  KeyExportTransition,
} from './embeddedWallet/keyExportFlow.js';
export { createLazyEmbeddedWalletBridge } from './embeddedWallet/lazyEmbeddedWalletBridge.js';
// The send flow loads with the first transaction; only its types are re-exported here.
export type {
  SendTransaction,
  SendTransactionContractInfo,
  SendTransactionFailure,
  SendTransactionStatus,
  SendTransactionUiOptions,
} from './embeddedWallet/sendTransactionState.js';
// The sign request loads with the first request; only its types are re-exported here.
export type {
  SignRequest,
  SignRequestEffect,
  SignRequestEvent,
  SignRequestKind,
  SignRequestTransition,
  SignUiOptions,
} from './embeddedWallet/signRequestFlow.js';
export type { SignRequestRunner } from './embeddedWallet/signRequestRunner.js';
export type { ExportPage, ExportPageOptions, ExportPageView, WalletExporter } from './embeddedWallet/walletExporter.js';
export { loadWalletFlow, type WalletFlowModule } from './embeddedWallet/walletFlowLoader.js';
// The password and recovery flows load on first use; only their types are re-exported here.
export type {
  CloudFailure,
  CloudMethod,
  CloudStep,
  PasswordFlowEvent,
  PasswordFlowState,
  PasswordStep,
  PasswordStrength,
  RecoveryOptionView,
  WalletFlowActions,
  WalletFlowEvent,
  WalletFlowOutcome,
  WalletFlowPurpose,
  WalletFlowRunner,
  WalletFlowScreen,
  WalletFlowState,
} from './embeddedWallet/walletFlowModule.js';
export type { WalletFlowSession } from './embeddedWallet/walletFlowSession.js';
export type { WalletFlowDeps, WalletFlows } from './embeddedWallet/walletFlows.js';
export type { WalletImporter } from './embeddedWallet/walletImporter.js';
// The import loads on first use too; only its types are re-exported here.
export type { WalletImportEvent, WalletImportState } from './embeddedWallet/walletImportFlow.js';
export { type ListedEmbeddedWallet, type WalletListState, walletListState } from './embeddedWallet/walletListState.js';
// External wallets (discovery, connectors, the wallet connection flow) are `@latch/core/wallet`, kept out of
// the page's initial JavaScript: import them only from lazily loaded modules. The error class is shared.
export { type Eip1193Provider, type Eip1193RequestArguments, WalletProviderError } from './externalWallets/eip1193.js';
export type { WalletRuntime } from './externalWallets/walletRuntime.js';
export { createWalletsLoader, type WalletsDeps, type WalletsLoader } from './externalWallets/walletsLoader.js';
// Types only: the merge itself is a lazy chunk of the client (a static export would pull it into the first chunk).
// Headless logins (hosts that draw their own UI): small, and left out of a page that does not import them.
export { finishHeadlessLogin } from './headless/finishHeadlessLogin.js';
export {
  type CodeLogin,
  createCodeLogin,
  createOAuthLogin,
  createPasskeyLogin,
  createSiweLogin,
  type HeadlessDeps,
  type OneStepLogin,
  type SiweLogin,
  type SiweSignature,
} from './headless/headlessLogins.js';
export { createHeadlessRun, type HeadlessRun, type HeadlessState } from './headless/headlessRun.js';
export type { HostConfig, LogoElement, MergedConfig, ThemeSetting } from './hostConfig.js';
// Loaded on a host call's first failure (Latch.reportError), so only the types here.
export type { HostError, HostErrorFallback } from './hostError.js';
export {
  createLatch,
  type Latch,
  type LatchOptions,
  type LoginCallbacks,
  type LoginCompleteResult,
} from './latch.js';
export { createStore, type Store } from './machine/createStore.js';
export type { FlowClock } from './machine/flowClock.js';
export { type FlowError, toFlowError } from './machine/flowError.js';
export type { FlowMessage, FlowMessageCode } from './machine/flowMessage.js';
// The MFA flows are `@latch/core/mfa` (loaded with the MFA screens); their types are re-exported here.
export type {
  MfaCodeErrorCode,
  MfaEnrollmentEffect,
  MfaEnrollmentEvent,
  MfaEnrollmentOption,
  MfaEnrollmentState,
  MfaEnrollmentStep,
  MfaErrorCode,
  MfaPasskey,
  MfaPromptEffect,
  MfaPromptEvent,
  MfaPromptState,
  MfaPromptStatus,
  MfaRequest,
} from './mfa/index.js';
export type { OAuthLoginOptions } from './oauth/oauthActions.js';
// OAuth, Telegram and custom token load on first use: their values are `@latch/core/oauth`.
export type { OAuthBrowser } from './oauth/oauthBrowser.js';
export type { SocialActions } from './oauth/socialActions.js';
export type { SocialLoginErrorCode } from './oauth/socialLoginError.js';
export type { TelegramLoginWidget } from './oauth/telegramLogin.js';
export type {
  FundingController,
  FundingScreenEvent,
  FundWalletOptions,
  FundWalletResult,
} from './onRamp/fundingController.js';
// The on-ramp flow loads with the first fundWallet(); only its types are re-exported here.
export type { FundingEvent, FundingState, FundingStep } from './onRamp/fundingFlow.js';
export type { OnRampAsset } from './onRamp/onRampCurrency.js';
export type { PasskeyActions } from './passkeys/passkeyActions.js';
export type { PasskeyNameFields } from './passkeys/passkeyDisplayName.js';
export { hasAudience, isTokenActive, readClaims } from './session/accessToken.js';
export {
  browserUrlAccess,
  type OAuthReturn,
  RETURN_PARAM,
  type ReturnParams,
  type UrlAccess,
} from './session/returnParams.js';
export { storageKeys } from './session/tokenStore.js';
// The step-up runtime is `@latch/core/stepUp` (loaded with the first step-up); its types are re-exported here.
export type { StepUpEvent, StepUpRuntime, StepUpState, StepUpStatus } from './stepUp/index.js';
export { defaultStorage, type LatchStorage, localStorageStorage, memoryStorage } from './storage.js';
export { INITIAL_STATE, type LatchState } from './store.js';
export type { TransactionRequest } from './transactions/transactionTypes.js';
export { createTransport, type RequestOptions, type Transport, type TransportOptions } from './transport/transport.js';
