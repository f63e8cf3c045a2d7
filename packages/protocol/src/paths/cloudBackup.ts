// Cloud backups of the embedded wallet's recovery (SPEC §7 "Recovery OAuth"). Server: modules/cloudBackup/.
// The round trip and the custody split are described in ../cloudBackup.ts and docs/cloud-backup.md.

/** Where the recovery OAuth routes live: the path of the iCloud popup's short state cookie. */
export const RECOVERY_OAUTH_PREFIX = '/api/v1/recovery/oauth';

/**
 * The recovery OAuth paths. `init`, `init_icloud` and `authenticate` are custody calls: the wallet frame makes
 * them with the owner's access token AND a device proof (like WALLET_API), so a host page cannot.
 */
export const RECOVERY_OAUTH_API = {
  /** POST RecoveryOAuthInitBody → RecoveryOAuthInitResponse: Google's authorization URL (drive.appdata, PKCE). */
  init: '/api/v1/recovery/oauth/init',
  /** POST RecoveryICloudInitBody (`client_type: 'web'`) → RecoveryOAuthInitResponse: the CloudKit web sign-in URL. */
  initICloud: '/api/v1/recovery/oauth/init_icloud',
  /** GET, opened in the popup by `init_icloud`'s url: keeps the state in a short cookie, redirects to CloudKit's sign-in. */
  icloudStart: '/api/v1/recovery/oauth/icloud_start',
  /** GET from the provider (Google's `code`/`state`, CloudKit's `ckWebAuthToken`): redirects to the init's `redirect_to`. */
  callback: '/api/v1/recovery/oauth/callback',
  /** POST RecoveryOAuthAuthenticateBody → WireCloudAuthorization: the provider token for the frame, and a ticket. */
  authenticate: '/api/v1/recovery/oauth/authenticate',
} as const;
