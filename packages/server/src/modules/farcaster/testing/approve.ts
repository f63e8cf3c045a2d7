import type { FarcasterInitResponse } from '@latch/protocol';
import type { farcasterTestApp, MessageChanges } from './farcasterTestApp.js';
import type { TestFid } from './sharedFarcasterChain.js';

type App = Awaited<ReturnType<typeof farcasterTestApp>>;

/** The profile the test Farcaster app sends with its approval. */
export const TEST_PROFILE = {
  username: 'ada',
  displayName: 'Ada L.',
  bio: 'Counting engines',
  pfpUrl: 'https://i.example/ada.png',
};

/**
 * Plays the Farcaster app and the widget: the user approves the channel (the custody-signed message is posted to
 * Latch's relay), and answers the body the widget then sends to authenticate or link.
 */
export async function approve(app: App, channel: FarcasterInitResponse, who: TestFid, changes: MessageChanges = {}) {
  const message = app.message(channel, who.custody, who.fid, changes);
  const signature = await app.sign(who.custody, message);
  const relayed = await app.relayAuthenticate(channel, { message, signature, fid: who.fid, ...TEST_PROFILE });
  if (relayed.status !== 200) throw new Error(`relay refused: ${relayed.status} ${await relayed.text()}`);
  return { channel_token: channel.channel_token, message, signature, fid: who.fid };
}

/** A body signed as the Farcaster app would, without going through the relay (an attacker's direct post). */
export async function signedBody(app: App, channel: FarcasterInitResponse, who: TestFid, changes: MessageChanges = {}) {
  const message = app.message(channel, who.custody, who.fid, changes);
  return {
    channel_token: channel.channel_token,
    message,
    signature: await app.sign(who.custody, message),
    fid: who.fid,
  };
}
