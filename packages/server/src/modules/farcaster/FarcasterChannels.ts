import { randomBytes } from 'node:crypto';
import type { ShortLivedStore } from '../../kernel/kv/ShortLivedStore.js';

/** What the Farcaster app posted to the relay once the user approved (FIP-11 authenticate). */
export interface ChannelCompletion {
  message: string;
  signature: string;
  fid: number;
  /** The custody address the message was verified against. */
  custody: string;
  username: string | null;
  displayName: string | null;
  bio: string | null;
  pfpUrl: string | null;
}

/** A relay channel: one login attempt of one app, bound to its nonce, domain and URI. */
export interface Channel {
  appId: string;
  /** The token in the connect URI, which the Farcaster app posts its approval with (not the widget's token). */
  relayToken: string;
  nonce: string;
  /** The host page's host (`example.com:8443`): the SIWF message's domain. */
  domain: string;
  /** The host page's origin: the SIWF message's URI. */
  siweUri: string;
  /** ms since the epoch. */
  createdAt: number;
  expiresAt: number;
  completion?: ChannelCompletion;
}

/**
 * Relay channels in the short-lived store. Each has two 256-bit tokens: the widget's (status, authenticate, link),
 * which never leaves the page that opened it, and the relay token in the connect URI, which the QR code shows
 * to anyone who sees the screen and which only lets a Farcaster app post its approval. So whoever photographs
 * the QR code cannot read the signed message and log in as the user. A channel completes once (the first
 * verified signed message wins) and is spent once (`take`, by authenticate or link).
 */
export class FarcasterChannels {
  constructor(
    private readonly kv: ShortLivedStore,
    private readonly now: () => number,
    private readonly ttlMs: number,
  ) {}

  /** Opens a channel for `appId` with a fresh token and nonce. */
  async open(appId: string, domain: string, siweUri: string): Promise<{ token: string; channel: Channel }> {
    const token = randomBytes(32).toString('hex');
    const createdAt = this.now();
    const channel: Channel = {
      appId,
      relayToken: randomBytes(32).toString('hex'),
      // EIP-4361: at least 8 alphanumerics; here 32 hex digits of CSPRNG (what modules/siwe's parser expects).
      nonce: randomBytes(16).toString('hex'),
      domain,
      siweUri,
      createdAt,
      expiresAt: createdAt + this.ttlMs,
    };
    await this.kv.set(key(token), JSON.stringify(channel), this.ttlMs);
    await this.kv.set(relayKey(channel.relayToken), token, this.ttlMs);
    return { token, channel };
  }

  /** The widget's token and the live channel of a relay token, if any. */
  async byRelayToken(relayToken: string): Promise<{ token: string; channel: Channel } | undefined> {
    const token = await this.kv.get(relayKey(relayToken));
    const channel = token === null ? undefined : await this.get(token);
    return token !== null && channel?.relayToken === relayToken ? { token, channel } : undefined;
  }

  /** The live channel of `token`, if any; spends nothing. */
  async get(token: string): Promise<Channel | undefined> {
    return this.live(await this.kv.get(key(token)));
  }

  /**
   * Records the Farcaster app's verified message on a pending channel: true for the first of any number of
   * racing completions (a counter decides), false when the channel is gone or was completed already.
   */
  async complete(token: string, completion: ChannelCompletion): Promise<boolean> {
    const channel = await this.get(token);
    if (!channel || channel.completion) return false;
    const remaining = channel.expiresAt - this.now();
    const wins = await this.kv.increment(`farcaster-channel-completed:${token}`, 1, remaining);
    if (wins.count !== 1) return false;
    await this.kv.set(key(token), JSON.stringify({ ...channel, completion }), remaining);
    return true;
  }

  /** Spends the channel: of two racing calls with one token, one gets it; later calls get nothing. */
  async take(token: string): Promise<Channel | undefined> {
    return this.live(await this.kv.take(key(token)));
  }

  private live(raw: string | null): Channel | undefined {
    if (raw === null) return undefined;
    try {
      const channel = JSON.parse(raw) as Channel;
      return this.now() < channel.expiresAt ? channel : undefined;
    } catch {
      return undefined;
    }
  }
}

// Tokens are hex (checked by the body schemas), so they cannot smuggle a separator into the key.
const key = (token: string) => `farcaster-channel:${token}`;
const relayKey = (relayToken: string) => `farcaster-relay:${relayToken}`;
