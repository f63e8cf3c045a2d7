import {
  type FarcasterInitResponse,
  type FarcasterStatusResponse,
  LatchError,
  type RelayChannelStatus,
  TIMEOUT,
  type TokenResponse,
} from '@latch/protocol';
import { FARCASTER_CONNECT_URI_PREFIX } from '@latch/protocol/farcaster';
import type { FarcasterAuthenticateBody, RelayAuthenticateBody } from '@latch/protocol/schemas';
import type { Hex } from 'viem';
import type { AppRecord } from '../../identity/apps/appStore.js';
import type { AuthenticatedUser } from '../../identity/http/requireCaller.js';
import { logIn } from '../../identity/sessions/sessions.js';
import type { AccountInput } from '../../identity/users/accounts.js';
import type { UserWithAccounts } from '../../identity/users/userRecords.js';
import { linkAccount, unlinkAccount } from '../../identity/users/users.js';
import type { ServerContext } from '../../kernel/context.js';
import { KeyThrottle } from '../../kernel/throttle/KeyThrottle.js';
import type { Limit } from '../../kernel/throttle/SendThrottle.js';
import { type Channel, type ChannelCompletion, FarcasterChannels } from './FarcasterChannels.js';
import type { IdRegistryReader } from './IdRegistryReader.js';

/** What the Farcaster service needs: the login path's parts and the short-lived store. */
export type FarcasterContext = Pick<
  ServerContext,
  'db' | 'clock' | 'apps' | 'keys' | 'settings' | 'shortLived' | 'loginCredentials' | 'sessionHooks'
>;

/** A channel lives through the widget's 120 s login timeout (SPEC §4) and a minute of a slow app or network. */
export const FARCASTER_CHANNEL_TTL_MS = TIMEOUT.farcasterLogin + 60_000;

/** Channels one client IP may open per app, and logins it may try: far above a person retrying. */
const DEFAULT_FARCASTER_LIMIT: Limit = { points: 60, durationSec: 10 * 60 };

const notAllowed = () => new LatchError('disallowed_login_method', 'Login with Farcaster not allowed.');
const unknownChannel = () =>
  new LatchError('invalid_credentials', 'The Farcaster sign-in request is unknown, expired or already used.');

/** The linked account of a completed channel (SPEC §3 `farcaster`). */
function farcasterAccount(completion: ChannelCompletion): AccountInput {
  return {
    type: 'farcaster',
    fid: completion.fid,
    owner_address: completion.custody,
    username: completion.username,
    display_name: completion.displayName,
    bio: completion.bio,
    pfp: completion.pfpUrl,
    url: completion.username ? `https://farcaster.xyz/${encodeURIComponent(completion.username)}` : null,
    signer_public_key: null,
  };
}

/**
 * Sign In With Farcaster (FIP-11, docs/farcaster.md), with Latch as its own Connect relay: `init` opens a channel
 * bound to the app, its page's origin and a nonce; the Farcaster app posts the custody-signed message to the
 * relay (`relayAuthenticate`, verified there so that the status only ever shows a genuine approval); the widget
 * polls `status` and sends the message to `logIn` or `link`, which verify it again and spend the channel.
 */
export class FarcasterLogin {
  private readonly channels: FarcasterChannels;
  private readonly throttle: KeyThrottle;

  constructor(
    private readonly ctx: FarcasterContext,
    private readonly registry: IdRegistryReader,
    private readonly relayKey: string | undefined,
    limit: Limit = DEFAULT_FARCASTER_LIMIT,
  ) {
    this.channels = new FarcasterChannels(ctx.shortLived, () => ctx.clock.now().getTime(), FARCASTER_CHANNEL_TTL_MS);
    this.throttle = new KeyThrottle(ctx.shortLived.throttleBackend, 'farcaster', limit);
  }

  /** Opens a channel for the page at `origin` (one of the app's origins, checked by the app middleware). */
  async init(app: AppRecord, origin: string, ip: string): Promise<FarcasterInitResponse> {
    if (!app.config.farcaster_auth) throw notAllowed();
    await this.throttle.consume(`${app.id}:${ip}`);
    const domain = new URL(origin).host;
    const { token, channel } = await this.channels.open(app.id, domain, origin);
    return {
      channel_token: token,
      connect_uri: connectUri(channel),
      nonce: channel.nonce,
      expires_at: Math.floor(channel.expiresAt / 1000),
    };
  }

  /** The channel's state for the widget: pending, or completed with the app's message and profile. */
  async status(app: AppRecord, token: string): Promise<FarcasterStatusResponse> {
    const channel = await this.channels.get(token);
    if (!channel || channel.appId !== app.id) throw unknownChannel();
    const done = channel.completion;
    if (!done) return { state: 'pending', nonce: channel.nonce };
    return {
      state: 'completed',
      nonce: channel.nonce,
      message: done.message,
      signature: done.signature,
      fid: done.fid,
      username: done.username,
      display_name: done.displayName,
      bio: done.bio,
      pfp_url: done.pfpUrl,
      custody: done.custody,
    };
  }

  /** The relay's channel status (FIP-11), for a Farcaster app holding the connect URI's token. */
  async relayStatus(relayToken: string): Promise<RelayChannelStatus> {
    const found = await this.channels.byRelayToken(relayToken);
    if (!found) throw unknownChannel();
    const { channel } = found;
    const done = channel.completion;
    const base = { state: done ? 'completed' : 'pending', nonce: channel.nonce, url: connectUri(channel) };
    if (!done) return base as RelayChannelStatus;
    return {
      ...base,
      state: 'completed',
      message: done.message,
      signature: done.signature,
      fid: done.fid,
      custody: done.custody,
      ...(done.username !== null && { username: done.username }),
      ...(done.displayName !== null && { displayName: done.displayName }),
      ...(done.bio !== null && { bio: done.bio }),
      ...(done.pfpUrl !== null && { pfpUrl: done.pfpUrl }),
    };
  }

  /** The Farcaster app's approval: a custody-signed message for the channel of the connect URI's token, once. */
  async relayAuthenticate(
    relayToken: string,
    relayKey: string | undefined,
    body: RelayAuthenticateBody,
  ): Promise<RelayChannelStatus> {
    if (this.relayKey !== undefined && relayKey !== this.relayKey) {
      throw new LatchError('invalid_credentials', 'The relay key is missing or wrong.');
    }
    if (body.authMethod === 'authAddress') {
      throw new LatchError('invalid_data', 'Only custody signatures are accepted by this relay.');
    }
    const found = await this.channels.byRelayToken(relayToken);
    if (!found || found.channel.completion) throw unknownChannel();
    const { token, channel } = found;
    const verified = await this.verify(channel, body.message, body.signature, body.fid);
    const completion: ChannelCompletion = {
      message: body.message,
      signature: body.signature,
      fid: verified.fid,
      custody: verified.custody,
      username: body.username ?? null,
      displayName: body.displayName ?? null,
      bio: body.bio ?? null,
      pfpUrl: body.pfpUrl ?? null,
    };
    if (!(await this.channels.complete(token, completion))) throw unknownChannel();
    return this.relayStatus(relayToken);
  }

  /** Logs in or signs up the fid of a completed channel: a fresh login (TokenResponse with a device grant). */
  async logIn(app: AppRecord, body: FarcasterAuthenticateBody, ip: string): Promise<TokenResponse> {
    if (!app.config.farcaster_auth) throw notAllowed();
    await this.throttle.consume(`${app.id}:${ip}`);
    return logIn(this.ctx, app, await this.spend(app, body));
  }

  /** Links the fid of a completed channel to the caller (one Farcaster account per user). */
  async link(caller: AuthenticatedUser, body: FarcasterAuthenticateBody): Promise<UserWithAccounts> {
    const { app, user } = caller;
    if (!app.config.farcaster_auth) throw notAllowed();
    await this.throttle.consume(`${app.id}:user:${user.id}`);
    return linkAccount(this.ctx, app.id, user.id, await this.spend(app, body));
  }

  /** Unlinks the caller's Farcaster account `fid`; never the last login method. */
  async unlink(caller: AuthenticatedUser, fid: number): Promise<UserWithAccounts> {
    const { app, user } = caller;
    // Only the fid identifies the account; the other fields are not read by unlink.
    return unlinkAccount(this.ctx, app.id, user.id, {
      type: 'farcaster',
      fid,
      owner_address: '',
      username: null,
      display_name: null,
      bio: null,
      pfp: null,
      url: null,
      signer_public_key: null,
    });
  }

  /**
   * Verifies the message against the app's channel and spends the channel: every refusal before the spend
   * changes nothing; of two uses of one channel, one passes. The profile is the relay's (the app sent it with
   * the same message); without a relay completion (the message reached us another way) it is empty.
   */
  private async spend(app: AppRecord, body: FarcasterAuthenticateBody): Promise<AccountInput> {
    const channel = await this.channels.get(body.channel_token);
    if (!channel || channel.appId !== app.id) throw unknownChannel();
    const verified = await this.verify(channel, body.message, body.signature, body.fid);
    const taken = await this.channels.take(body.channel_token);
    if (!taken || taken.nonce !== channel.nonce) throw unknownChannel();
    const relayed = taken.completion?.message === body.message ? taken.completion : undefined;
    return farcasterAccount({
      message: body.message,
      signature: body.signature,
      fid: verified.fid,
      custody: verified.custody,
      username: relayed?.username ?? null,
      displayName: relayed?.displayName ?? null,
      bio: relayed?.bio ?? null,
      pfpUrl: relayed?.pfpUrl ?? null,
    });
  }

  private async verify(channel: Channel, message: string, signature: string, fid: number) {
    const { verifySiwfMessage } = await import('./verifySiwfMessage.js');
    return verifySiwfMessage({
      message,
      signature: signature as Hex,
      fid,
      channel,
      now: this.ctx.clock.now(),
      registry: this.registry,
    });
  }
}

/** The channel's connect URI (FIP-11): what the QR code shows and the deep link opens. */
function connectUri(channel: Channel): string {
  const query = new URLSearchParams({
    channelToken: channel.relayToken,
    nonce: channel.nonce,
    siweUri: channel.siweUri,
    domain: channel.domain,
  });
  return `${FARCASTER_CONNECT_URI_PREFIX}?${query}`;
}
