import * as v from 'valibot';
import { FARCASTER_SIGNER_KEYS } from './farcaster.js';
import { SIWE_MESSAGE_MAX_LENGTH } from './siweConstants.js';

/**
 * Valibot schemas of the Farcaster bodies (farcaster.ts). Exported through `@latch/protocol/schemas` only (the
 * index stays valibot-free).
 */

/** A fid: a positive integer (the ID registry counts from 1). */
const fid = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER));
const channelToken = v.pipe(v.string(), v.trim(), v.regex(/^[0-9a-f]{64}$/, 'Expected a channel token'));
const message = v.pipe(v.string(), v.minLength(1), v.maxLength(SIWE_MESSAGE_MAX_LENGTH));
const signature = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^0x(?:[0-9a-fA-F]{2})+$/, 'Expected a 0x-prefixed hex signature'),
  v.maxLength(4096),
);
/** A profile text the Farcaster app sends: kept, never trusted (shown as text). */
const profileText = (max: number) => v.optional(v.pipe(v.string(), v.maxLength(max)));

/** POST FARCASTER_API.init. */
export const FarcasterInitBody = v.object({ token: v.optional(v.pipe(v.string(), v.maxLength(4096))) });

/** POST FARCASTER_API.authenticate and FARCASTER_API.link. */
export const FarcasterAuthenticateBody = v.object({ channel_token: channelToken, message, signature, fid });

/** POST FARCASTER_API.unlink (SPEC §7 "Unlink": fid). */
export const FarcasterUnlinkBody = v.object({ fid });

/** An ed25519 public key, `0x` + 64 hex digits (lower-cased). */
const ed25519PublicKey = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^0x[0-9a-fA-F]{64}$/, 'Expected a 0x-prefixed 32-byte ed25519 public key'),
  v.toLowerCase(),
);

/** POST FARCASTER_API.signerStatus: an ed25519 public key, `0x` + 64 hex digits (lower-cased). */
export const FarcasterSignerStatusBody = v.object({ ed25519_public_key: ed25519PublicKey });

/** POST FARCASTER_RELAY_API.authenticate: the Farcaster app's signed message and profile (FIP-11). */
export const RelayAuthenticateBody = v.object({
  message,
  signature,
  authMethod: v.optional(v.picklist(['custody', 'authAddress'])),
  fid,
  username: profileText(64),
  bio: profileText(1024),
  displayName: profileText(256),
  pfpUrl: profileText(2048),
});

const frameAccessToken = v.pipe(v.string(), v.minLength(1), v.maxLength(8192));
const walletAddress = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'Invalid address'));

/**
 * Payload of the frame's `latch:farcaster:init-signer` (SPEC §7): the signer key `index` (default 0, below
 * FARCASTER_SIGNER_KEYS) of the user's embedded wallet (derived in the frame from the unlocked wallet,
 * docs/farcaster.md "The signer key"); replies FarcasterSignerKey.
 */
export const FarcasterInitSignerData = v.object({
  accessToken: frameAccessToken,
  address: walletAddress,
  index: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(FARCASTER_SIGNER_KEYS - 1))),
});

/**
 * Payload of the frame's `latch:farcaster:sign`: the bytes of a Farcaster message (its BLAKE3 hash, or any bytes
 * the app signs), `0x` hex, signed after the frame's own confirmation with the wallet's signer key whose public
 * key is `publicKey` (the user's approved signer; key 0 without it); replies FarcasterSignature.
 */
export const FarcasterSignData = v.object({
  accessToken: frameAccessToken,
  address: walletAddress,
  publicKey: v.optional(ed25519PublicKey),
  message: v.pipe(v.string(), v.regex(/^0x(?:[0-9a-fA-F]{2})+$/, 'Expected 0x-prefixed hex bytes'), v.maxLength(8194)),
});

export type FarcasterInitSignerData = v.InferOutput<typeof FarcasterInitSignerData>;
export type FarcasterSignData = v.InferOutput<typeof FarcasterSignData>;
export type FarcasterInitBody = v.InferOutput<typeof FarcasterInitBody>;
export type FarcasterAuthenticateBody = v.InferOutput<typeof FarcasterAuthenticateBody>;
export type FarcasterUnlinkBody = v.InferOutput<typeof FarcasterUnlinkBody>;
export type FarcasterSignerStatusBody = v.InferOutput<typeof FarcasterSignerStatusBody>;
export type RelayAuthenticateBody = v.InferOutput<typeof RelayAuthenticateBody>;
