import * as v from 'valibot';

// Request bodies of the recovery OAuth routes (paths/cloudBackup.ts, cloudBackup.ts). The server validates with
// these (400 invalid_data); the frame builds them.

const purpose = v.picklist(['backup', 'recover']);
const redirectTo = v.pipe(v.string(), v.url('redirect_to must be a URL'), v.maxLength(2048));
const stateCode = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_~.-]{32,128}$/, 'Invalid state code'));
// RFC 7636: 43–128 of [A-Za-z0-9-._~]; the challenge (S256) is base64url of 32 bytes, 43 characters.
const codeVerifier = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_~.-]{43,128}$/, 'Invalid code verifier'));
const codeChallenge = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid code challenge'));

/** POST RECOVERY_OAUTH_API.init (Google Drive). */
export const RecoveryOAuthInitBody = v.object({
  provider: v.optional(v.literal('google-drive'), 'google-drive'),
  purpose,
  redirect_to: redirectTo,
  code_challenge: codeChallenge,
  state_code: stateCode,
});

/** POST RECOVERY_OAUTH_API.initICloud. */
export const RecoveryICloudInitBody = v.object({
  client_type: v.literal('web'),
  purpose,
  redirect_to: redirectTo,
  state_code: stateCode,
});

/** POST RECOVERY_OAUTH_API.authenticate. */
export const RecoveryOAuthAuthenticateBody = v.object({
  provider: v.picklist(['google-drive', 'icloud']),
  authorization_code: v.pipe(v.string(), v.minLength(1), v.maxLength(4096)),
  state_code: stateCode,
  code_verifier: v.optional(codeVerifier),
});

/** A cloud ticket from authenticate (base64url of 32 random bytes). */
export const CloudTicket = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid cloud ticket'));

/** POST WALLET_API.recovery's body: empty, or the cloud ticket a cloud-backed wallet's release needs. */
export const RecoveryReleaseBody = v.object({ cloud_ticket: v.optional(CloudTicket) });

/** What the host passes back to the frame from the popup (RECOVERY_OAUTH_RETURN_PARAM / the popup message). */
export const CloudAuthData = v.object({
  authorizationCode: v.pipe(v.string(), v.minLength(1), v.maxLength(4096)),
  stateCode,
});
