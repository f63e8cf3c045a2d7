// The `@latch/protocol/cloudBackup` entry: cloud backups of the wallet's recovery (paths, return parameters, popup
// messages, names, limits and wire types) for the frame, the server and the lazily loaded widget code; never the
// index (see mfaContract.ts for why values stay out of it).
export {
  CLOUD_BACKUP,
  CLOUD_PROVIDER_NAME,
  CLOUD_RECOVERY_METHODS,
  type CloudAuthPurpose,
  type CloudBackupFile,
  type CloudEndpoints,
  type CloudRecoveryMethod,
  cloudBackupName,
  isCloudRecoveryMethod,
  RECOVERY_OAUTH_POPUP_MESSAGE,
  RECOVERY_OAUTH_RETURN_PARAM,
  type RecoveryICloudInitRequest,
  type RecoveryOAuthAuthenticateRequest,
  type RecoveryOAuthInitRequest,
  type RecoveryOAuthInitResponse,
  type RecoveryOAuthPopupMessage,
  type WireCloudAuthorization,
} from './cloudBackup.js';
export { RECOVERY_OAUTH_API, RECOVERY_OAUTH_PREFIX } from './paths/cloudBackup.js';
