/**
 * Farcaster (SPEC §2 AWAITING_FARCASTER_CONNECTION / AWAITING_FARCASTER_SIGNER, §3 the `farcaster` account and
 * the signer, §4 "Farcaster", §7 init / status / authenticate / link / unlink / signer status).
 *
 * Login is Sign In With Farcaster (FIP-11): the server opens a relay channel (it is its own Connect relay),
 * the widget shows the channel's connect URI as a QR code (desktop) or opens it (mobile), the Farcaster app
 * signs a SIWE message with the fid's custody address and posts it to the relay, the widget polls the status
 * every `DELAY.farcasterPoll` and, once completed, sends the message and signature to authenticate or link;
 * the server checks them against the channel and the fid's custody address in the ID registry.
 *
 * Values and types only (no valibot): lazily loaded client code imports this from `@latch/protocol/farcaster`;
 * the request schemas are in `@latch/protocol/schemas` (farcasterSchemas.ts).
 */

export {
  FARCASTER_API,
  FARCASTER_CHANNEL_TOKEN_HEADER,
  FARCASTER_RELAY_API,
  FARCASTER_RELAY_BASE,
  FARCASTER_RELAY_KEY_HEADER,
} from './paths/farcaster.js';

/** The SIWF message's chain: Optimism, where the ID registry lives (FIP-11). */
export const FARCASTER_CHAIN_ID = 10;
/** The statement of every SIWF message (FIP-11). */
export const FARCASTER_STATEMENT = 'Farcaster Auth';
/** The resource that names the fid in a SIWF message: `farcaster://fid/<fid>`. */
export const farcasterFidResource = (fid: number): string => `farcaster://fid/${fid}`;
/** The scheme and host of a connect URI: `farcaster://connect?channelToken=…&nonce=…&siweUri=…&domain=…`. */
export const FARCASTER_CONNECT_URI_PREFIX = 'farcaster://connect';

/** POST FARCASTER_API.init. */
export interface FarcasterInitRequest {
  /** The captcha token, when the app requires one. */
  token?: string;
}

/** The answer to FARCASTER_API.init: the channel the widget polls and the URI it shows. */
export interface FarcasterInitResponse {
  /** The relay channel's token: a secret of this login attempt (send it only to FARCASTER_API.status / authenticate). */
  channel_token: string;
  /** `farcaster://connect?channelToken=…&nonce=…&siweUri=…&domain=…`: the QR code's text, or the deep link. */
  connect_uri: string;
  /** The nonce the signed message must carry. */
  nonce: string;
  /** Seconds since the epoch after which the channel is gone (SPEC §4's 120 s login timeout, plus slack). */
  expires_at: number;
}

/** The answer to FARCASTER_API.status while the Farcaster app has not signed yet. */
export interface FarcasterStatusPending {
  state: 'pending';
  nonce: string;
}

/** The answer to FARCASTER_API.status once the Farcaster app posted its signed message to the relay. */
export interface FarcasterStatusCompleted {
  state: 'completed';
  nonce: string;
  /** The SIWF message (EIP-4361 text) the custody address signed. */
  message: string;
  /** `0x…` ECDSA signature of `message` by `custody`. */
  signature: string;
  fid: number;
  username: string | null;
  display_name: string | null;
  bio: string | null;
  pfp_url: string | null;
  /** The custody address the Farcaster app says signed (checked on authenticate against the ID registry). */
  custody: string | null;
}

/** FARCASTER_API.status (the widget polls it every `DELAY.farcasterPoll` up to `TIMEOUT.farcasterLogin`). */
export type FarcasterStatusResponse = FarcasterStatusPending | FarcasterStatusCompleted;

/** POST FARCASTER_API.authenticate and FARCASTER_API.link: the completed channel's message and signature. */
export interface FarcasterAuthenticateRequest {
  channel_token: string;
  message: string;
  signature: string;
  fid: number;
}

/** POST FARCASTER_API.unlink (SPEC §7 "Unlink": fid). */
export interface FarcasterUnlinkRequest {
  fid: number;
}

/** The statuses of a Farcaster signer (SPEC §3). */
export const FARCASTER_SIGNER_STATUSES = ['pending_approval', 'approved', 'revoked'] as const;
/** A Farcaster signer's status. */
export type FarcasterSignerStatus = (typeof FARCASTER_SIGNER_STATUSES)[number];

/** POST FARCASTER_API.signerStatus: the frame's ed25519 public key, `0x` + 64 hex digits. */
export interface FarcasterSignerStatusRequest {
  ed25519_public_key: string;
}

/** The Farcaster signer (SPEC §3: public_key, status, signer_approval_url). */
export interface WireFarcasterSigner {
  /** The ed25519 public key, `0x` + 64 lower-case hex digits. */
  public_key: string;
  status: FarcasterSignerStatus;
  /**
   * While pending: the signed key request's deep link (`farcaster://signed-key-request?token=…`), shown as a QR
   * code or opened; the user approves the key in the Farcaster app. Absent once approved or revoked.
   */
  signer_approval_url?: string;
}

/**
 * How many Farcaster signer keys the wallet frame derives from a wallet (indexes 0 to 15, docs/farcaster.md "The
 * signer key"). A signer request uses the first key the server does not answer `revoked` for, so a request after
 * a rejected one asks with a fresh key; the frame signs with whichever of them is the user's approved signer.
 */
export const FARCASTER_SIGNER_KEYS = 16;

/** The frame's answer to `latch:farcaster:init-signer`: the signer's ed25519 public key, `0x` + 64 hex digits. */
export interface FarcasterSignerKey {
  publicKey: string;
}

/** The frame's answer to `latch:farcaster:sign`: the ed25519 signature (`0x` + 128 hex digits). */
export interface FarcasterSignature {
  signature: string;
}

// The relay's own wire (FIP-11, Farcaster's field names), between a Farcaster app and Latch's relay.

/** How the Farcaster app signed: with the fid's custody address (the only method Latch's relay accepts). */
export type RelayAuthMethod = 'custody' | 'authAddress';

/** POST FARCASTER_RELAY_API.authenticate: what the Farcaster app sends once the user approved. */
export interface RelayAuthenticateRequest {
  message: string;
  signature: string;
  authMethod?: RelayAuthMethod;
  fid: number;
  username?: string;
  bio?: string;
  displayName?: string;
  pfpUrl?: string;
}

/** A relay channel's status as the relay answers it (FIP-11 `GET /v1/channel/status`). */
export interface RelayChannelStatus {
  state: 'pending' | 'completed';
  nonce: string;
  /** The connect URI. */
  url: string;
  message?: string;
  signature?: string;
  fid?: number;
  username?: string;
  bio?: string;
  displayName?: string;
  pfpUrl?: string;
  custody?: string;
}
