/**
 * `@latch/protocol/schemas`: every valibot schema of the wire (request bodies, iframe messages) and the
 * helpers built on them. A separate entry so that a host page's initial JavaScript, which only reaches
 * `@latch/protocol`'s index, never carries valibot (bundle budget); the server, the frame and the lazily
 * loaded wallet code import from here.
 */

export {
  CloudAuthData,
  CloudTicket,
  RecoveryICloudInitBody,
  RecoveryOAuthAuthenticateBody,
  RecoveryOAuthInitBody,
  RecoveryReleaseBody,
} from './cloudBackupSchemas.js';
export {
  FarcasterAuthenticateBody,
  FarcasterInitBody,
  FarcasterInitSignerData,
  FarcasterSignData,
  FarcasterSignerStatusBody,
  FarcasterUnlinkBody,
  RelayAuthenticateBody,
} from './farcasterSchemas.js';
export {
  MfaClearData,
  MfaCode,
  MfaInitEnrollmentData,
  MfaPasskeysEnrollBody,
  MfaSmsEnrollBody,
  MfaSmsInitBody,
  MfaSubmitEnrollmentData,
  MfaTotpEnrollBody,
  MfaUnenrollBody,
  MfaUnenrollData,
  MfaVerifyBody,
  MfaVerifyData,
  mfaCodeProblem,
  PasskeyAssertionBody,
  PasskeyRegistrationBody,
  PasskeyUnlinkBody,
  WirePasskeyAssertionSchema,
  WirePasskeyRegistrationSchema,
} from './mfaSchemas.js';
export {
  CustomJwtAuthenticateBody,
  OAuthAuthenticateBody,
  OAuthInitBody,
  OAuthUnlinkBody,
  TelegramAuthenticateBody,
  TelegramUnlinkBody,
  WireTelegramAuthResultSchema,
} from './oauthSchemas.js';
export { OnRampSignBody } from './onRampSchemas.js';
export { WALLET_API } from './paths/wallets.js';
export * as schemas from './schemas.js';
export { AppIdSchema } from './schemas.js';
export { ChainIdInput, SiweAuthenticateBody, SiweInitBody, SiweUnlinkBody } from './siwe.js';
export { StepUpInitBody, StepUpVerifyBody } from './stepUpSchemas.js';
export {
  AddShareSetBody,
  ConfirmPasswordBody,
  CreateWalletBody,
  CUSTODY_LIMIT,
  type CustodyAction,
  custodyStatement,
  DEVICE_NONCE_HEADER,
  DEVICE_PROOF_HEADER,
  DEVICE_PROOF_TYP,
  type DeviceProofPayload,
  ExportCodeBody,
  OprfBody,
  RecoveryUploadBody,
  RegisterDeviceBody,
  ReplaceRecoveryBody,
  RevokeShareSetBody,
  ShareSetIdBody,
  type WireExportInit,
  type WireRecoveryRelease,
} from './walletApi.js';
export {
  ApprovalDisplay,
  DeviceRegisterData,
  parseWalletReply,
  parseWalletRequest,
  WalletClearData,
  WalletCloudAuthInitData,
  WalletConnectData,
  WalletCreateData,
  WalletErrorReplySchema,
  WalletImportData,
  WalletRecoverData,
  WalletReplySchema,
  WalletRequestSchema,
  WalletRpcData,
  WalletSetRecoveryCloudData,
  WalletSetRecoveryPasswordData,
  WalletSuccessReplySchema,
  walletErrorReply,
  walletReply,
} from './walletMessages.js';
