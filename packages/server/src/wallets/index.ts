export {
  EnvelopeError,
  envelopeKeyId,
  openEnvelope,
  rewrapEnvelope,
  type ShareContext,
  sealEnvelope,
} from './envelope.js';
export { type FrameSecurityInput, frameSecurityHeaders } from './frameSecurityHeaders.js';
export {
  type AttemptCounter,
  createPasswordOprf,
  type OprfContext,
  oprfSecretKey,
  PASSWORD_ATTEMPT_POLICY,
  type PasswordOprf,
  verifierHash,
} from './oprf.js';
export {
  type NewWalletInput,
  type PasswordRecoveryInput,
  type ProviderRecoveryInput,
  WalletCustody,
  type WalletOwner,
  type WalletRecord,
} from './walletCustody.js';
export { createWalletKeyring, masterKeyId, type WalletKeyPurpose, type WalletKeyring } from './walletKeyring.js';
export * as walletsMigration from './walletsMigration.js';
export type { WalletTables } from './walletTables.js';
