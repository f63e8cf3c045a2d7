/**
 * Cloud backups of the embedded wallet's recovery (issue #30; SPEC §2 recovery selection / recovery OAuth
 * screens, §4 "Cloud method", §7 "Recovery OAuth"). docs/cloud-backup.md describes the whole round trip.
 *
 * The split (docs/custody.md "Cloud backup"): the frame seals the recovery share under a random 32-byte
 * **cloud key**; the ciphertext goes to the server (like the other methods), the cloud key goes to the user's
 * own cloud (Google Drive's hidden appDataFolder, or a CloudKit private-database record). Neither half
 * opens anything alone, and the recovery share is still only one share of the 2-of-3 split: a new device also
 * needs the auth share, which the server releases only under the custody rules (device proof of a freshly
 * logged-in device, notice to every channel, daily cap, MFA) and only with a ticket proving the same cloud
 * account the backup was made with.
 *
 * The round trip, run by the wallet frame (the host only opens the popup and passes the code back):
 * 1. `latch:wallet:cloud-auth-init` → the frame makes a PKCE verifier and a state code, keeps them, and calls
 *    `init` (Google) or `init_icloud` (iCloud) with a device proof → `{ url, stateCode }` to the host.
 * 2. The host opens `url` in a popup. The provider returns to the server's `callback`, which redirects to the
 *    init's `redirect_to` with RECOVERY_OAUTH_RETURN_PARAM (the popup page posts RecoveryOAuthPopupMessage to
 *    its opener, like the login popup). The code alone is useless: redeeming it needs the frame's verifier and
 *    device proof.
 * 3. `latch:wallet:create` / `latch:wallet:set-recovery-cloud` / `latch:wallet:recover` with
 *    `cloudAuth: { authorizationCode, stateCode }` → the frame calls `authenticate`, gets the provider token
 *    (never stored by the server) and a single-use cloud ticket, talks to the cloud itself, and sends the ticket
 *    with the custody call that binds (create, replace) or releases (recovery) the wallet's recovery.
 */

/** The cloud recovery methods (SPEC §3 wallet account `recoveryMethod`). */
export const CLOUD_RECOVERY_METHODS = ['google-drive', 'icloud'] as const;

/** A cloud recovery method. */
export type CloudRecoveryMethod = (typeof CLOUD_RECOVERY_METHODS)[number];

/** True for `google-drive` and `icloud`. */
export function isCloudRecoveryMethod(method: unknown): method is CloudRecoveryMethod {
  return method === 'google-drive' || method === 'icloud';
}

/** The provider name SPEC's texts show ('Confirm with {provider}', '… with {provider} unsuccessful'). */
export const CLOUD_PROVIDER_NAME: Record<CloudRecoveryMethod, string> = {
  'google-drive': 'Google',
  icloud: 'iCloud',
};

/** What the recovery OAuth round trip is for: `recover` also refuses another cloud account than the backup's. */
export type CloudAuthPurpose = 'backup' | 'recover';

/** The query parameters the callback adds to `redirect_to`; the widget strips them. */
export const RECOVERY_OAUTH_RETURN_PARAM = {
  code: 'latch_recovery_code',
  state: 'latch_recovery_state',
  provider: 'latch_recovery_provider',
  /** Set instead of `code` when the provider answered an error: `oauth_user_denied` or `unknown_auth_error`. */
  error: 'latch_recovery_error',
} as const;

/** What the popup page posts to its opener (same origin only), as the login popup does (OAUTH_POPUP_MESSAGE). */
export type RecoveryOAuthPopupMessage =
  | { type: 'latch:recovery-oauth:success'; stateCode: string; authorizationCode: string }
  | { type: 'latch:recovery-oauth:error'; stateCode: string | null; error: string };

/** The `type` of the recovery popup's messages. */
export const RECOVERY_OAUTH_POPUP_MESSAGE = {
  success: 'latch:recovery-oauth:success',
  error: 'latch:recovery-oauth:error',
} as const;

/** Limits and names of cloud backups. */
export const CLOUD_BACKUP = {
  /** Google's scopes: the hidden app-data folder only (no access to the user's files), and `openid` for the account id. */
  googleScopes: ['openid', 'https://www.googleapis.com/auth/drive.appdata'],
  /** How long a state code lives on the server, from init to authenticate. */
  stateTtlMs: 10 * 60_000,
  /** How long a cloud ticket (the proof of the cloud account, single use) lives after authenticate. */
  ticketTtlMs: 10 * 60_000,
  /** The cloud file's version (`v`). */
  fileVersion: 1,
  /** The CloudKit record type holding the cloud key. */
  cloudKitRecordType: 'LatchRecoveryKey',
} as const;

/** The Drive file name (in appDataFolder) or CloudKit record name of a wallet's backup: one per app and address. */
export function cloudBackupName(appId: string, address: string): string {
  return `latch-recovery-${appId}-${address.toLowerCase()}.json`;
}

/**
 * The cloud file's content (JSON): the cloud key that opens the recovery ciphertext the server keeps. It holds no
 * share and no address; alone it opens nothing (docs/cloud-backup.md).
 */
export interface CloudBackupFile {
  v: 1;
  app_id: string;
  wallet_id: string;
  share_set_id: string;
  /** base64url of the 32-byte AES-256-GCM key that opens the recovery ciphertext (AAD: method ‖ wallet ‖ set). */
  cloud_key: string;
}

/** POST RECOVERY_OAUTH_API.init (SPEC §7: redirect_to, code_challenge, state_code; `provider` and `purpose` added). */
export interface RecoveryOAuthInitRequest {
  provider?: 'google-drive';
  purpose: CloudAuthPurpose;
  /** Where the callback sends the browser: a URL on one of the app's allowed origins. */
  redirect_to: string;
  /** base64url(SHA-256(code_verifier)) — S256 only. */
  code_challenge: string;
  state_code: string;
}

/** POST RECOVERY_OAUTH_API.initICloud (SPEC §7: client_type=web; the rest as `init`, no PKCE: CloudKit has none). */
export interface RecoveryICloudInitRequest {
  client_type: 'web';
  purpose: CloudAuthPurpose;
  redirect_to: string;
  state_code: string;
}

/** The answer of both inits: the URL the popup opens. */
export interface RecoveryOAuthInitResponse {
  url: string;
}

/**
 * POST RECOVERY_OAUTH_API.authenticate (SPEC §7: authorization_code, state_code, code_verifier, provider).
 * For iCloud the authorization code is the one-time code the callback put in place of CloudKit's `ckWebAuthToken`
 * (the server holds the token sealed until this call), and `code_verifier` is absent.
 */
export interface RecoveryOAuthAuthenticateRequest {
  provider: CloudRecoveryMethod;
  authorization_code: string;
  state_code: string;
  code_verifier?: string;
}

/**
 * The answer of authenticate: the provider token for the frame's own cloud calls (the server does not keep it) and
 * a single-use ticket naming the cloud account, for the custody call that follows (create, replace or recovery).
 */
export type WireCloudAuthorization =
  | {
      provider: 'google-drive';
      /** Google's access token (drive.appdata scope). */
      access_token: string;
      expires_in: number;
      cloud_ticket: string;
    }
  | {
      provider: 'icloud';
      /** CloudKit's web auth token (`ckWebAuthToken`) of the signed-in user. */
      access_token: string;
      /** The app's CloudKit API token (`ckAPIToken`), not a secret: CloudKit JS puts it in every web page. */
      api_token: string;
      cloud_ticket: string;
    };

/** Where the frame reaches the clouds; rendered by the server into FrameConfig.cloud (and the frame's CSP). */
export interface CloudEndpoints {
  /** Drive v3 API base, e.g. `https://www.googleapis.com` (paths `/drive/v3/files…`, `/upload/drive/v3/files`). */
  driveApiUrl?: string;
  /** CloudKit web services base, e.g. `https://api.apple-cloudkit.com`, with the container and environment. */
  cloudKit?: { apiUrl: string; container: string; environment: 'development' | 'production' };
}
