export { isFramedOnce, type ParentClues, resolveParentOrigin } from '@latch/protocol/frame';
export {
  type ApprovalGate,
  type ConfirmationSurface,
  createApprovalGate,
} from './approval/approvalGate.js';
export { type ConfirmationContent, signContent, transactionContent } from './approval/confirmationContent.js';
export { type BootRefusal, type BootWindow, bootFrame, type FrameConfig, openFrameWallet } from './bootFrame.js';
export { type DeviceKey, deviceKeyLoader, loadDeviceKey } from './device/deviceKey.js';
export { createDeviceProof, type ProofInput, sha256Base64url } from './device/deviceProof.js';
export { combineEntropy, combineShares, type ExpectedWallet } from './keys/combineShares.js';
export { createWalletKeys, type NewWalletKeys } from './keys/createWalletKeys.js';
export { CustodyError, type CustodyErrorCode } from './keys/custodyError.js';
export { type DerivedWallet, deriveWallet, ETHEREUM_DERIVATION_PATH, generateEntropy } from './keys/deriveWallet.js';
export { decodeShare, encodeShare, type ShareKind, type TaggedShare } from './keys/shareEnvelope.js';
export { type ShareSet, sharesByKind, splitEntropy } from './keys/splitEntropy.js';
export {
  ARGON2ID_PARAMS,
  type OprfEvaluate,
  openWithPassword,
  PASSWORD_RECOVERY_METHOD,
  type PasswordProtectedShare,
  protectWithPassword,
} from './recovery/passwordRecovery.js';
export { openWithProvider, PROVIDER_RECOVERY_METHOD, protectWithProvider } from './recovery/providerRecovery.js';
export { createFrameRouter, type EventRoute, route } from './router.js';
export { signPersonalMessage } from './signing/signPersonalMessage.js';
export { signTransaction, toSignableTransaction } from './signing/signTransaction.js';
export { signTypedDataV4 } from './signing/signTypedDataV4.js';
export { type DeviceShareStore, openDeviceShareStore } from './storage/deviceShareStore.js';
export type {
  CustodyApi,
  RecoveryRelease,
  RecoveryUpload,
  ServerWallet,
  SignedShareSet,
  WalletSigner,
} from './wallet/custodyApi.js';
export { type FrameApproval, frameRoutes } from './wallet/frameRoutes.js';
export { FrameWallet, type FrameWalletOptions } from './wallet/frameWallet.js';
export { createHttpCustodyApi, type HttpCustodyApiOptions } from './wallet/httpCustodyApi.js';
export {
  createTokenVerifier,
  type TokenOwner,
  type TokenVerifier,
  type TokenVerifierOptions,
} from './wallet/tokenVerifier.js';
export { GENERIC_WALLET_ERROR, toWalletError } from './walletErrorReply.js';
