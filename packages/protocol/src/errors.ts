import { setErrorCatalogue } from './latchError.js';

/**
 * The error catalogue (SPEC §8): one source for the server's error bodies, the client's error
 * class and the screens. Codes are the wire `error` field; `status` is the HTTP status the server
 * answers with; `message` is the default human text. A browser page loads this module lazily (loadErrorCatalogue,
 * latchError.ts); the code of its first paint uses only latchError.ts, which has no code's data.
 */
export const ERROR_CATALOGUE = {
  invalid_data: { status: 400, message: 'The request is malformed or has invalid values.' },
  invalid_app_id: { status: 400, message: 'The app ID must be a string of exactly 25 characters.' },
  app_not_found: { status: 404, message: 'No app exists with this ID.' },
  not_found: { status: 404, message: 'Not found.' },
  invalid_origin: { status: 403, message: 'This origin is not allowed for the app.' },
  // Cookie mode (docs/deploy.md "Cookie mode"): custom_api_url must be an https origin on the site of an allowed origin.
  invalid_custom_api_url: {
    status: 400,
    message: "custom_api_url must be an https origin on the site of one of the app's allowed origins.",
  },
  invalid_client_id: { status: 403, message: 'The client ID does not belong to this app.' },
  invalid_credentials: { status: 422, message: 'Invalid or expired verification code' },
  // A session hand-off code (docs/client.md "Session hand-off") that is unknown, spent, expired, of another app or
  // redeemed without its tab's verifier: 400, not 401, so a cookie-mode tab's own session cookies stay.
  invalid_hand_off: { status: 400, message: 'The session hand-off is invalid, expired or already used.' },
  missing_or_invalid_token: { status: 401, message: 'The session token is missing, invalid or expired.' },
  invalid_app_secret: { status: 401, message: 'The app ID or app secret is invalid.' },
  invalid_webhook: { status: 401, message: 'The webhook signature, timestamp or headers are invalid.' },
  must_be_authenticated: { status: 401, message: 'This action requires an authenticated user.' },
  cannot_link_more_of_type: { status: 409, message: 'The user already has an account of this type.' },
  linked_to_another_user: { status: 409, message: 'This account has already been linked to another user.' },
  cannot_unlink_last_account: { status: 409, message: 'The last login method of a user cannot be unlinked.' },
  account_not_linked: { status: 404, message: 'This account is not linked to the user.' },
  allowlist_rejected: { status: 403, message: 'This account is not on the allowlist for this app.' },
  max_accounts_reached: {
    status: 403,
    message: 'This app is in development mode and has reached its user limit; the developer must upgrade it.',
  },
  disallowed_login_method: { status: 403, message: 'This login method is not enabled for this app.' },
  // A login asked with sign-up disabled (useLogin's disableSignup) found no account: no user is created.
  signup_disabled: { status: 403, message: 'No account exists, and sign-up is disabled.' },
  too_many_requests: { status: 429, message: 'Too many requests. Please wait before trying again.' },
  invalid_captcha: { status: 400, message: 'The captcha token is invalid.' },
  captcha_failure: { status: 403, message: 'You did not pass CAPTCHA. Please try again.' },
  captcha_timeout: { status: 408, message: 'Something went wrong! Please try again later.' },
  twilio_verification_failed: { status: 502, message: 'The SMS could not be sent.' },
  not_supported: { status: 422, message: 'SMS authentication from this region is not available' },
  oauth_user_denied: { status: 401, message: 'User denied confirmation during OAuth flow' },
  oauth_account_suspended: { status: 403, message: 'The OAuth account is suspended.' },
  unknown_auth_error: { status: 401, message: 'Invalid code during OAuth flow.' },
  // Custom-token login (docs/social-login.md): the host backend's JWT did not verify (signature, issuer, audience, time).
  invalid_custom_token: { status: 401, message: 'The custom auth token is invalid or expired.' },
  passkey_not_allowed: { status: 400, message: 'Passkey request timed out or rejected by user.' },
  missing_or_invalid_mfa: { status: 401, message: 'MFA verification failed, retry.' },
  mfa_verification_max_attempts_reached: { status: 429, message: 'MFA verification max attempts reached.' },
  mfa_timeout: { status: 408, message: 'Timed out waiting for MFA code' },
  invalid_recovery_pin: { status: 401, message: 'Invalid recovery password, please try again.' },
  invalid_request_arguments: { status: 400, message: 'Invalid request arguments.' },
  wallet_not_on_device: { status: 404, message: 'The wallet is not on this device.' },
  insufficient_funds: { status: 422, message: 'Wallet has insufficient funds for this transaction.' },
  embedded_wallet_not_found: { status: 404, message: 'The user has no embedded wallet.' },
  // A sign call named an `address` that is neither the user's embedded wallet nor a wallet connected in this page.
  wallet_address_not_found: { status: 404, message: 'No wallet has this address.' },
  // SPEC §8 'Failed send': the node refused the signed transaction (EIP-1193 internal error 32603).
  transaction_failed: { status: 502, message: 'Error processing transaction' },
  transaction_reverted: { status: 422, message: 'The transaction was reverted.' },
  transaction_replaced: { status: 409, message: 'The transaction was replaced by another transaction.' },
  transaction_expired: { status: 408, message: 'The transaction was not confirmed in time.' },
  // The frame signs only what the user approved with a click on the frame's own confirmation
  // (docs/custody.md "What the frame signs"); a host page cannot approve.
  transaction_not_approved: {
    status: 403,
    message: 'Only a click in the wallet frame approves a signature.',
  },
  // The frame is hidden (or too small) to show its confirmation, so nothing can be approved.
  approval_not_visible: { status: 403, message: 'The wallet frame is not visible.' },
  // The user pressed Cancel on the frame's confirmation (EIP-1193 4001 on the provider).
  approval_rejected: { status: 403, message: 'The user rejected the request.' },
  invalid_device_proof: {
    status: 401,
    message: 'This custody call is not signed by a registered device of this user.',
  },
  device_not_registered: {
    status: 403,
    message: 'This device is not registered for the wallet. Log in again on this device.',
  },
  invalid_device_grant: { status: 401, message: 'The device registration grant is invalid, used or expired.' },
  invalid_wallet_signature: { status: 401, message: 'The request is not signed by the wallet key.' },
  step_up_required: { status: 401, message: "Confirm it's really you to continue." },
  fresh_login_required: { status: 401, message: 'Log in again to import a wallet: an import needs a recent login.' },
  // Step-up (stepUp.ts): the factor is not the user's, or was added in this session, or answered for another account.
  step_up_factor_not_allowed: { status: 422, message: 'Use a login method you had before this session.' },
  // A release or change is told to the user's email and phone first: no notice, no release (fail closed).
  notice_delivery_failed: { status: 503, message: 'The security notice could not be sent. Try again later.' },
  no_verified_channel: {
    status: 409,
    message: 'Link an email address or a phone number to your account to export your wallet.',
  },
  // Cloud backups (docs/cloud-backup.md). SPEC §8 "Recovery": the screens show 'Recovery OAuth failed' /
  // '{Recovery or Back up} with {provider} unsuccessful' with a hint to select the account tied to the backup.
  cloud_backup_not_found: {
    status: 404,
    message: 'The cloud backup of this wallet was not found. It may have been deleted.',
  },
  cloud_account_mismatch: {
    status: 403,
    message: 'This is not the account the backup was made with. Select the account tied to the backup.',
  },
  invalid_cloud_ticket: { status: 401, message: 'The cloud account confirmation is invalid, used or expired.' },
  cloud_provider_not_configured: { status: 409, message: 'This cloud provider is not configured for the app.' },
  cloud_provider_error: { status: 502, message: 'The cloud provider could not be reached. Try again later.' },
  // SPEC §4: 'A password cannot be set if recovery uses a cloud provider.'
  recovery_uses_cloud_provider: {
    status: 409,
    message: 'A password cannot be set while recovery uses a cloud provider.',
  },
  embedded_wallet_already_exists: {
    status: 409,
    message: 'Only one embedded wallet per user is currently allowed.',
  },
  unsupported_chain_id: { status: 400, message: 'This chain is not supported.' },
  invalid_chain_config: {
    status: 400,
    message: 'At least one supported chain is required, and the default chain must be among them.',
  },
  invalid_transaction_request: { status: 400, message: 'The transaction request is invalid.' },
  transaction_preparation_failed: {
    status: 422,
    message: 'There was an error preparing your transaction. Your transaction request will likely fail.',
  },
  invalid_message: { status: 400, message: 'The message to sign must be a non-empty string.' },
  unsupported_token: { status: 400, message: 'This token is not the native token of the chain.' },
  price_unavailable: { status: 404, message: 'No USD price is available for this token.' },
  price_source_error: { status: 502, message: 'The price source could not be reached. Try again later.' },
  // The fiat on-ramp (docs/onramp.md): off for the app, or no provider keys for the asked mode (live or sandbox).
  on_ramp_not_enabled: { status: 403, message: 'The fiat on-ramp is not enabled for this app.' },
  on_ramp_not_configured: { status: 409, message: 'The app has no on-ramp provider keys for this mode.' },
  // An on-ramp sign call named an address that is not one of the caller's own wallets: nothing is signed.
  wallet_not_owned: { status: 403, message: 'This address is not one of your wallets.' },
  // Farcaster (docs/farcaster.md): the ID registry's node could not be read, so no custody address could be checked;
  // the app has no signed-key-request identity (app fid and key) for Farcaster signers; the Farcaster API failed; the
  // frame was asked to sign with a signer key it cannot derive from the wallet.
  farcaster_registry_unavailable: {
    status: 503,
    message: 'The Farcaster ID registry could not be reached. Try again later.',
  },
  farcaster_signer_not_configured: { status: 409, message: 'The app has no Farcaster app fid for signer requests.' },
  farcaster_api_error: { status: 502, message: 'The Farcaster API could not be reached. Try again later.' },
  farcaster_signer_not_found: { status: 404, message: "This Farcaster signer is not one of the wallet's keys." },
  // SPEC §8 "Events reported to the host": what a host's onError and rejected promise carry (a finer code in `reason`).
  unknown_embedded_wallet_error: { status: 500, message: 'An error has occurred, please try again.' },
  unable_to_sign: { status: 500, message: 'An error has occurred, please try again.' },
  transaction_failure: { status: 502, message: 'Error processing transaction' },
  unknown_connect_wallet_error: { status: 500, message: 'Unable to connect to wallet.' },
  generic_connect_wallet_error: { status: 502, message: 'could not log in with wallet' },
  embedded_wallet_recovery_already_exists: { status: 409, message: 'The wallet already has a recovery method.' },
  failed_to_link_account: { status: 400, message: 'The account could not be linked.' },
  client_request_timeout: { status: 408, message: 'The request timed out.' },
  client_request_cancelled: { status: 499, message: 'The request was cancelled.' },
  client_network_error: { status: 503, message: 'The server could not be reached.' },
  // A store the request needs (PostgreSQL, Redis) is down or too slow: nothing was changed; retry after Retry-After.
  service_unavailable: { status: 503, message: 'The service is temporarily unavailable. Please try again shortly.' },
  internal_error: { status: 500, message: 'An internal error occurred.' },
} as const satisfies Record<string, { status: number; message: string }>;

/** A catalogue error code. */
export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** The body of every error response. */
export interface ErrorBody {
  error: ErrorCode;
  message: string;
}

// Hands the catalogue to LatchError and isErrorCode as soon as this module runs.
setErrorCatalogue(ERROR_CATALOGUE);
