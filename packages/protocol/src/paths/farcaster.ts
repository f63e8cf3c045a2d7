// Farcaster (SPEC §7 "Authentication service": Farcaster; "Unlink"; "Other user and funding calls": the signer
// status). Server: modules/farcaster/. The relay paths are Farcaster's Connect relay API (FIP-11), served by
// Latch itself so that no third-party relay is needed (docs/farcaster.md).

/** The server's Farcaster paths. */
export const FARCASTER_API = {
  /** POST (app) FarcasterInitRequest → FarcasterInitResponse: opens a relay channel (token, connect URI, nonce). */
  init: '/api/v1/farcaster/init',
  /** GET (app), the channel token in FARCASTER_CHANNEL_TOKEN_HEADER → FarcasterStatusResponse; polled every 2 s. */
  status: '/api/v1/farcaster/status',
  /** POST (app) FarcasterAuthenticateRequest → TokenResponse (a fresh login: device grant). */
  authenticate: '/api/v1/farcaster/authenticate',
  /** POST (bearer) FarcasterAuthenticateRequest → WireUser. */
  link: '/api/v1/farcaster/link',
  /** POST /api/v1/farcaster/unlink (bearer) FarcasterUnlinkRequest → WireUser (SPEC §7 "Unlink"). */
  unlink: '/api/v1/farcaster/unlink',
  /** POST /api/v1/farcaster/signer/status (bearer) FarcasterSignerStatusRequest → WireFarcasterSigner. */
  signerStatus: '/api/v1/farcaster/signer/status',
} as const;

/**
 * Latch's own Connect relay, the base URL a Farcaster app is given (`relay` of `@farcaster/auth-client`'s
 * wallet client): the app POSTs `<base>/v1/channel/authenticate` and may GET `<base>/v1/channel/status`.
 */
export const FARCASTER_RELAY_BASE = '/api/v1/farcaster/relay';

/** The relay's own paths (FIP-11), under FARCASTER_RELAY_BASE. */
export const FARCASTER_RELAY_API = {
  /** POST (Authorization: Bearer <channel token>) RelayAuthenticateRequest → RelayChannelStatus. */
  authenticate: `${FARCASTER_RELAY_BASE}/v1/channel/authenticate`,
  /** GET (Authorization: Bearer <channel token>) → RelayChannelStatus (202 while pending, 200 once completed). */
  status: `${FARCASTER_RELAY_BASE}/v1/channel/status`,
} as const;

/** The header that carries the channel token to FARCASTER_API.status (a GET has no body; a query would be logged). */
export const FARCASTER_CHANNEL_TOKEN_HEADER = 'farcaster-channel-token';

/** The header of the relay key a Farcaster app sends with the relay's authenticate (as Farcaster's relay asks). */
export const FARCASTER_RELAY_KEY_HEADER = 'x-farcaster-auth-relay-key';
