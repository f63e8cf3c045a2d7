export { APP_SECRET_PREFIX } from './adminApi.js';
export type {
  AdminAllowlist,
  AdminAllowlistBody,
  AdminCreatedWebhook,
  AdminCreateUserBody,
  AdminCreateWebhookBody,
  AdminImportResponse,
  AdminImportResult,
  AdminLinkedAccountInput,
  AdminSearchBody,
  AdminUserPage,
  AdminWebhookDelivery,
  AdminWebhookEndpoint,
  AdminWebhookTestResult,
  CustomMetadata,
} from './adminWire.js';
export {
  type AppConfig,
  BUILT_LOGIN_METHODS,
  BUILT_RECOVERY_OPTIONS,
  type CreateOnLogin,
  cutLoginMessage,
  DEFAULT_APP_CONFIG,
  enabledLoginMethods,
  type HostedAppConfig,
  isBuiltLoginMethod,
  LOGIN_METHOD_FLAG,
  LOGIN_METHODS,
  type LoginMethod,
  type LoginMethodFlag,
  OAUTH_PROVIDERS,
  type OAuthProvider,
  type ServerAppConfig,
  toAppConfig,
  type UserOwnedRecoveryOption,
} from './appConfig.js';
export { isAppId } from './appId.js';
// The captcha values (CAPTCHA_API, parseCaptchaSiteKey, CAPTCHA_POW, …) are `@latch/protocol/captcha`: only
// the lazily loaded captcha code uses them.
export type { CaptchaChallenge, CaptchaProvider, CaptchaSolution } from './captcha.js';
export {
  APPROVAL,
  CODE_POLICY,
  DEFAULTS,
  DELAY,
  DISPLAY,
  IDENTITY_TOKEN,
  LIMIT,
  PASSWORD_STRENGTH,
  RETRY,
  SIGN_TEXT_MAX,
  TIMEOUT,
  UNAVAILABLE_RETRY,
} from './constants.js';
// The catalogue's data (errors.ts) loads lazily in a browser page: the index reaches it only through
// errorCatalogue.ts, and lazily loaded browser code reads it as `@latch/protocol/errors`.
export { ERROR_CATALOGUE, errorBody } from './errorCatalogue.js';
export { type ErrorRedirect, errorRedirect } from './errorScreen.js';
export type { ErrorBody, ErrorCode } from './errors.js';
// The Farcaster values (FARCASTER_API, the relay paths, FARCASTER_SIGNER_STATUSES, …) are `@latch/protocol/farcaster`:
// only the lazily loaded Farcaster code uses them; the body schemas are in `/schemas`.
export type {
  FarcasterAuthenticateRequest,
  FarcasterInitRequest,
  FarcasterInitResponse,
  FarcasterSignature,
  FarcasterSignerKey,
  FarcasterSignerStatus,
  FarcasterSignerStatusRequest,
  FarcasterStatusCompleted,
  FarcasterStatusPending,
  FarcasterStatusResponse,
  FarcasterUnlinkRequest,
  RelayAuthenticateRequest,
  RelayAuthMethod,
  RelayChannelStatus,
  WireFarcasterSigner,
} from './farcaster.js';
// The frame's contract (its paths and config, the boot guard, the iframe events and error texts) is `@latch/protocol/frame`:
// re-exported here, it would sit in every host page's initial JavaScript (see frameContract.ts).
export { CLIENT_NAME, HEADER } from './headers.js';
export type { HostErrorEvent } from './hostErrorEvents.js';
export { isErrorCode, LatchError, loadErrorCatalogue, unsupportedChainIdText } from './latchError.js';
// The MFA values (MFA_API, MFA_LIMIT, MFA_METHODS, MFA_ACTIONS, toMfaState) are `@latch/protocol/mfa`:
// re-exported here, mfa.ts would sit in every host page's initial JavaScript (see mfaContract.ts).
export type {
  MfaAction,
  MfaMethod,
  MfaState,
  MfaVerifyMethod,
  TotpEnrollmentInfo,
  WireMfaEnrollment,
  WireMfaRecoveryCodes,
  WireMfaRecoveryCodesLeft,
  WireMfaState,
  WireTotpEnrollmentInfo,
  WireWalletWithMfa,
} from './mfa.js';
// The social-login values (OAUTH_API, TELEGRAM_API, CUSTOM_JWT_API, OAUTH_RETURN_PARAM, …) are `@latch/protocol/oauth`.
export type {
  CustomJwtAuthenticateRequest,
  OAuthAuthenticateRequest,
  OAuthEndpoints,
  OAuthInitRequest,
  OAuthInitResponse,
  OAuthPopupMessage,
  OAuthUnlinkRequest,
  TelegramAuthenticateRequest,
  TelegramUnlinkRequest,
  WireOAuthProviderTokens,
  WireTelegramAuthResult,
} from './oauth.js';
// The on-ramp values (ON_RAMP_API, ON_RAMP_STATUSES, …) are `@latch/protocol/onRamp`: only the lazily
// loaded funding code uses them; the sign body's schema is in `/schemas`.
export type {
  OnRampConfig,
  OnRampProviderTransaction,
  OnRampSignRequest,
  OnRampSignResponse,
  OnRampStatus,
  OnRampUiConfig,
  ProviderTransactionStatus,
} from './onRamp.js';
export type { AccentColors, ThemeColors } from './palette.js';
// The passkey values (PASSKEY_API and the wire converters) are `@latch/protocol/passkeys`: re-exported
// here, passkeys.ts would sit in every host page's initial JavaScript as soon as a lazy chunk used it.
export type {
  WirePasskeyAssertion,
  WirePasskeyCreationOptions,
  WirePasskeyDescriptor,
  WirePasskeyRegistration,
  WirePasskeyRequestOptions,
} from './passkeys.js';
export { ADMIN_API } from './paths/adminApi.js';
export { ANALYTICS_API } from './paths/analytics.js';
export { DEV_API, DEV_PATH_PREFIXES } from './paths/dev.js';
export { FRAME_SESSION_TOKEN_PATH, IDENTITY_API, JWKS_PATH, SECURITY_EVENTS_PATH } from './paths/identity.js';
export { API } from './paths/index.js';
export { OPS_API } from './paths/ops.js';
export { type ParamPath, paramPath } from './paths/paramPath.js';
export { PASSWORDLESS_API } from './paths/passwordless.js';
export { PRICES_API } from './paths/prices.js';
export { SIWE_API } from './paths/siwe.js';
// Valibot schemas live behind `@latch/protocol/schemas` (wireSchemas.ts) so that this index never
// brings valibot into a host page's initial JavaScript; the types stay here.
export type { CodePurpose, TokenPriceResponse } from './schemas.js';
export {
  SECURITY_EVENT_TYPES,
  SECURITY_EVENTS_PAGE,
  type SecurityEventDetail,
  type SecurityEventType,
  type WireSecurityEvent,
  type WireSecurityEventList,
} from './securityEvents.js';
export {
  COOKIE_ACCESS_TOKEN,
  COOKIE_HAND_OFF_REFUSED,
  DEPRECATED_REFRESH_TOKEN,
  SESSION_COOKIE,
  SESSION_MARKER_LIFETIME_SECONDS,
} from './sessionCookies.js';
export {
  caip2ChainId,
  eip155ChainNumber,
  SIWE_MESSAGE_MAX_LENGTH,
  SIWE_NONCE_TTL_MS,
  SIWE_STATEMENT,
  type SiweInitResponse,
} from './siweConstants.js';
// The step-up values (STEP_UP_API, STEP_UP_LIMIT, STEP_UP_ACTIONS, STEP_UP_FACTOR_TYPES) are
// `@latch/protocol/stepUp`, for the same reason as the MFA values; the body schemas are in `/schemas`.
export type {
  StepUpAction,
  StepUpFactorRef,
  StepUpFactorsResponse,
  StepUpFactorType,
  StepUpInitRequest,
  StepUpInitResponse,
  StepUpVerifyRequest,
  StepUpVerifyResponse,
  WireStepUpFactor,
} from './stepUp.js';
export {
  type LinkedAccount,
  type LinkedAccountType,
  type RecoveryMethod,
  type SessionUpdateAction,
  type TokenResponse,
  toLinkedAccount,
  toUser,
  type User,
  userDid,
  type WireLinkedAccount,
  type WireUser,
} from './user.js';
export type { WireEmbeddedWallet } from './walletApi.js';
export type { WalletProxyErrorType } from './walletEvents.js';
export type {
  DeviceRegisterData,
  WalletAddressResult,
  WalletConnectData,
  WalletCreateData,
  WalletErrorReply,
  WalletImportData,
  WalletRecoverData,
  WalletReply,
  WalletRequest,
  WalletRpcData,
  WalletRpcResult,
  WalletSetRecoveryPasswordData,
  WalletSuccessReply,
} from './walletMessages.js';
