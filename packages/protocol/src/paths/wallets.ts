import { paramPath } from './paramPath.js';

// The embedded wallet (SPEC §7 "Embedded wallet page and messages"): the frame's pages and the custody
// endpoints the frame calls. Server: modules/wallets/.

/**
 * The server's custody endpoints, called only by the wallet frame with the owner's access token AND a
 * device proof (header `latch-device-proof`) signed by a device key registered for that user
 * (docs/custody.md). Binary values travel as base64url text.
 */
export const WALLET_API = {
  /** POST, bearer only (no proof): a single-use nonce for the next device proof. */
  nonce: '/api/v1/embedded_wallets/nonce',
  /** POST { grant }: registers the device key named by the proof's embedded `jwk` (fresh login only). */
  devices: '/api/v1/embedded_wallets/devices',
  /** POST (export page): sends a one-time code to the user's verified email (else phone). */
  exportInit: '/api/v1/embedded_wallets/export/init',
  /** POST { code } (export page): checks the code, notifies the user, releases this device's auth share. */
  exportAuthenticate: '/api/v1/embedded_wallets/export/authenticate',
  /** POST (wallet-key signed, fresh login): imports a private key as the user's wallet (the create body; docs/custody.md). */
  importWallet: '/api/v1/embedded_wallets/import',
  /** GET the user's wallet and MFA state; POST creates the wallet. */
  wallet: '/api/v1/embedded_wallets',
  /** POST (wallet-key signed): adds a device share set. */
  shareSets: '/api/v1/embedded_wallets/share_sets',
  /** POST `{ share_set_id }`: the auth share of a set this device holds. */
  authShare: '/api/v1/embedded_wallets/share_sets/auth_share',
  /** POST (wallet-key signed): revokes a device share set. */
  revokeShareSet: '/api/v1/embedded_wallets/share_sets/revoke',
  /** POST (MFA-verified): releases the recovery material to a new device. */
  recovery: '/api/v1/embedded_wallets/recovery',
  /** POST (wallet-key signed, MFA-verified): replaces the recovery method. */
  replaceRecovery: '/api/v1/embedded_wallets/recovery/replace',
  /** POST: one OPRF evaluation of a blinded recovery password (locks after repeated wrong ones). */
  oprf: '/api/v1/embedded_wallets/recovery/oprf',
  /** POST `{ verifier }`: whether the recovery password is right. */
  confirmPassword: '/api/v1/embedded_wallets/recovery/confirm',
} as const;

/** The frame pages of an app: what the SDK embeds (call with the app id) and the server serves (`.pattern`). */
export const FRAME_PATH = {
  /** GET /apps/{appId}/embedded-wallets, loaded in a hidden frame with query parameters caid and client_id. */
  wallet: paramPath('/apps/:appId/embedded-wallets'),
  /** GET the embedded-wallet export page for the app (SPEC §7 "The export screen frame"). */
  export: paramPath('/apps/:appId/embedded-wallets/export'),
  /** GET a frame page's bundle (`<name>-<hash>.js`), served beside the pages. */
  script: paramPath('/apps/:appId/embedded-wallets/:file{[a-z]+-[A-Za-z0-9]+\\.js}'),
} as const;
