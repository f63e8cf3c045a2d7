import type { TokenResponse, User } from '@latch/protocol';
import {
  FARCASTER_API,
  FARCASTER_CHANNEL_TOKEN_HEADER,
  type FarcasterAuthenticateRequest,
  type FarcasterInitResponse,
  type FarcasterStatusResponse,
  type WireFarcasterSigner,
} from '@latch/protocol/farcaster';
import { type ActionContext, type LoginResult, sendAuthed, sendForUser, signIn } from '../actions/context.js';

/**
 * The Farcaster calls (SPEC §7 "Farcaster", "Unlink", the signer status; docs/farcaster.md). Loaded on first use
 * through the client's `farcaster()`: none of it is in the host page's initial JavaScript.
 */
export interface FarcasterActions {
  /** Opens a Sign In With Farcaster relay channel: its connect URI (QR code or deep link) and token. */
  init(captchaToken?: string): Promise<FarcasterInitResponse>;
  /** The channel's status (polled every 2 s): pending, or completed with the signed message. */
  status(channelToken: string): Promise<FarcasterStatusResponse>;
  /** Logs in (or signs up) with a completed channel's message and signature. */
  login(signed: FarcasterAuthenticateRequest): Promise<LoginResult>;
  /** Links the completed channel's Farcaster account to the signed-in user. */
  link(signed: FarcasterAuthenticateRequest): Promise<User>;
  /** Removes the user's Farcaster account (SPEC §7: fid). */
  unlink(fid: number): Promise<User>;
  /** Requests (first call) or polls the signer for an ed25519 public key (`0x` + 64 hex digits). */
  signerStatus(publicKey: string): Promise<WireFarcasterSigner>;
}

/** Builds the Farcaster calls over the client's context. */
export function farcasterActions(ctx: ActionContext): FarcasterActions {
  return {
    init: (token) => ctx.transport.request(FARCASTER_API.init, { body: token ? { token } : {}, signal: ctx.signal }),
    status: (channelToken) =>
      ctx.transport.request(FARCASTER_API.status, {
        headers: { [FARCASTER_CHANNEL_TOKEN_HEADER]: channelToken },
        signal: ctx.signal,
        attempts: 1,
      }),
    login: async (signed) =>
      signIn(
        ctx,
        await ctx.transport.request<TokenResponse>(FARCASTER_API.authenticate, { body: signed, signal: ctx.signal }),
      ),
    link: (signed) => sendForUser(ctx, FARCASTER_API.link, signed),
    unlink: (fid) => sendForUser(ctx, FARCASTER_API.unlink, { fid }),
    signerStatus: (publicKey) =>
      sendAuthed<WireFarcasterSigner>(ctx, FARCASTER_API.signerStatus, { ed25519_public_key: publicKey }),
  };
}
