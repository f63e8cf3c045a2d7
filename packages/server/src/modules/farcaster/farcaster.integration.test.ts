import type { TokenResponse, WireUser } from '@latch/protocol';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect, it } from 'vitest';
import { forEachBackend } from '../../test/harness.js';
import { expectRefusedUnchanged } from '../siwe/testing/expectRefusedUnchanged.js';
import { approve, signedBody, TEST_PROFILE } from './testing/approve.js';
import { FARCASTER_TEST_ORIGIN, farcasterTestApp } from './testing/farcasterTestApp.js';
import { sharedFarcasterChain } from './testing/sharedFarcasterChain.js';

// Real server, real store, and a real ID registry: Farcaster's IdRegistry on anvil, read through its node.
const farcaster = sharedFarcasterChain();
const SHORT_LIVED = { ignore: ['short_lived', 'durable_counters'] };
const account = (user: WireUser) => user.linked_accounts.find((a) => a.type === 'farcaster');

forEachBackend('farcaster login', (server) => {
  const setup = async () => {
    farcaster().configure(server());
    return farcasterTestApp(server());
  };

  it('logs in through the relay: init, the Farcaster app approves, status completes, authenticate; again the same user', async () => {
    const app = await setup();
    const who = await farcaster().newFid();
    const channel = await app.init();
    expect(channel.connect_uri).toMatch(/^farcaster:\/\/connect\?channelToken=[0-9a-f]{64}&nonce=[0-9a-f]{32}&/);
    const uri = new URL(channel.connect_uri);
    expect(uri.searchParams.get('siweUri')).toBe(FARCASTER_TEST_ORIGIN);
    expect(uri.searchParams.get('domain')).toBe('acme.example');
    // The QR code never shows the widget's token: only the relay's.
    expect(uri.searchParams.get('channelToken')).not.toBe(channel.channel_token);
    expect(await app.statusOf(channel.channel_token)).toEqual({ state: 'pending', nonce: channel.nonce });
    const body = await approve(app, channel, who);
    expect(await app.statusOf(channel.channel_token)).toEqual({
      state: 'completed',
      nonce: channel.nonce,
      message: body.message,
      signature: body.signature,
      fid: who.fid,
      username: 'ada',
      display_name: 'Ada L.',
      bio: 'Counting engines',
      pfp_url: TEST_PROFILE.pfpUrl,
      custody: who.custody.address,
    });
    const res = await app.authenticate(body);
    expect(res.status).toBe(200);
    const first = (await res.json()) as TokenResponse;
    expect(first).toMatchObject({ is_new_user: true, device_grant: expect.any(String) });
    expect(account(first.user)).toMatchObject({
      type: 'farcaster',
      fid: who.fid,
      owner_address: who.custody.address,
      username: 'ada',
      display_name: 'Ada L.',
      bio: 'Counting engines',
      pfp: TEST_PROFILE.pfpUrl,
      url: 'https://farcaster.xyz/ada',
      signer_public_key: null,
    });
    const again = await app.authenticate(await approve(app, await app.init(), who));
    expect(((await again.json()) as TokenResponse).user.id).toBe(first.user.id);
  });

  it("refuses a message signed by an address that is not the fid's custody address, at the relay and at login", async () => {
    const app = await setup();
    const who = await farcaster().newFid();
    const thief = privateKeyToAccount(generatePrivateKey());
    const channel = await app.init();
    // The thief names the fid and signs with its own key (the message says the thief's address).
    const forged = await signedBody(app, channel, { fid: who.fid, custody: thief });
    const relay = () =>
      app.relayAuthenticate(channel, { message: forged.message, signature: forged.signature, fid: who.fid });
    const refused = await expectRefusedUnchanged(server(), relay, 422, 'invalid_credentials', SHORT_LIVED);
    expect(refused.message).toBe("The message is not signed by the fid's custody address.");
    await expectRefusedUnchanged(server(), () => app.authenticate(forged), 422, 'invalid_credentials', SHORT_LIVED);
    // The custody address in the message, a thief's signature under it.
    const message = app.message(channel, who.custody, who.fid);
    const wrongSig = { ...forged, message, signature: await app.sign(thief, message) };
    const body = await expectRefusedUnchanged(server(), () => app.authenticate(wrongSig), 422, 'invalid_credentials');
    expect(body.message).toBe("The signature does not match the fid's custody address.");
    // A fid nobody registered.
    const unregistered = await signedBody(app, channel, { fid: 9_999_999, custody: thief });
    await expectRefusedUnchanged(server(), () => app.authenticate(unregistered), 422, 'invalid_credentials');
    // The channel is still good for the genuine custody signature.
    expect((await app.authenticate(await approve(app, channel, who))).status).toBe(200);
  });

  it('refuses a wrong nonce (invalid_credentials), a wrong domain or URI (invalid_origin), another fid resource', async () => {
    const app = await setup();
    const who = await farcaster().newFid();
    const channel = await app.init();
    const other = await app.init();
    const post = async (changes: Parameters<typeof signedBody>[3]) =>
      app.authenticate(await signedBody(app, channel, who, changes));
    await expectRefusedUnchanged(server(), () => post({ nonce: other.nonce }), 422, 'invalid_credentials', SHORT_LIVED);
    await expectRefusedUnchanged(server(), () => post({ domain: 'evil.example' }), 403, 'invalid_origin', SHORT_LIVED);
    const uri = () => post({ uri: 'https://evil.example' });
    await expectRefusedUnchanged(server(), uri, 403, 'invalid_origin', SHORT_LIVED);
    const fid = () => post({ resourceFid: who.fid + 1 });
    await expectRefusedUnchanged(server(), fid, 422, 'invalid_credentials', SHORT_LIVED);
    // The relay refuses the same messages: a channel never shows a completion that would not log in.
    const message = app.message(channel, who.custody, who.fid, { nonce: other.nonce });
    const relayed = await app.relayAuthenticate(channel, {
      message,
      signature: await app.sign(who.custody, message),
      fid: who.fid,
    });
    expect(relayed.status).toBe(422);
    expect((await app.statusOf(channel.channel_token)).state).toBe('pending');
  });

  it('refuses an expired message, and one issued before its channel', async () => {
    const app = await setup();
    const who = await farcaster().newFid();
    const channel = await app.init();
    const now = server().ctx.clock.now().getTime();
    const expired = () => signedBody(app, channel, who, { expirationTime: new Date(now - 1_000) });
    const body = await expectRefusedUnchanged(
      server(),
      async () => app.authenticate(await expired()),
      422,
      'invalid_credentials',
      SHORT_LIVED,
    );
    expect(body.message).toBe('The sign-in message has expired or is not valid yet.');
    const early = () => signedBody(app, channel, who, { issuedAt: new Date(now - 10 * 60_000) });
    const refused = async () => app.authenticate(await early());
    await expectRefusedUnchanged(server(), refused, 422, 'invalid_credentials', SHORT_LIVED);
    // A channel outlives the widget's timeout, then is gone.
    server().clock.advance(181_000);
    await expectRefusedUnchanged(
      server(),
      async () => app.authenticate(await signedBody(app, channel, who)),
      422,
      'invalid_credentials',
    );
  });

  it('refuses a replayed channel: a second authenticate, a second approval, another app, the relay token as the widget', async () => {
    const app = await setup();
    const who = await farcaster().newFid();
    const channel = await app.init();
    const body = await approve(app, channel, who);
    // The relay takes one approval per channel.
    const again = await app.relayAuthenticate(channel, {
      message: body.message,
      signature: body.signature,
      fid: who.fid,
    });
    expect(again.status).toBe(422);
    // Another app cannot read or spend this app's channel.
    const other = await setup();
    await expectRefusedUnchanged(server(), () => other.authenticate(body), 422, 'invalid_credentials', SHORT_LIVED);
    expect((await other.status(channel.channel_token)).status).toBe(422);
    // Whoever photographed the QR code holds the relay token, which reads no widget status and logs nobody in.
    expect((await app.status(app.relayToken(channel))).status).toBe(422);
    const stolen = { ...body, channel_token: app.relayToken(channel) };
    await expectRefusedUnchanged(server(), () => app.authenticate(stolen), 422, 'invalid_credentials', SHORT_LIVED);
    expect((await app.authenticate(body)).status).toBe(200);
    const replay = await expectRefusedUnchanged(
      server(),
      () => app.authenticate(body),
      422,
      'invalid_credentials',
      SHORT_LIVED,
    );
    expect(replay.message).toBe('The Farcaster sign-in request is unknown, expired or already used.');
    expect((await app.status(channel.channel_token)).status).toBe(422);
  });

  it('takes an approval only with the relay key when one is set (only the real Farcaster app may approve)', async () => {
    const app = await setup();
    farcaster().configure(server(), { relayKey: 'relay-key-for-the-farcaster-app' });
    try {
      const who = await farcaster().newFid();
      const channel = await app.init();
      const body = await signedBody(app, channel, who);
      const post = (key?: string) =>
        app.relayAuthenticate(channel, { message: body.message, signature: body.signature, fid: who.fid }, key);
      await expectRefusedUnchanged(server(), () => post(), 422, 'invalid_credentials', SHORT_LIVED);
      await expectRefusedUnchanged(
        server(),
        () => post('another-key-of-16-chars'),
        422,
        'invalid_credentials',
        SHORT_LIVED,
      );
      expect((await post('relay-key-for-the-farcaster-app')).status).toBe(200);
    } finally {
      farcaster().configure(server(), { relayKey: undefined });
    }
  });

  it('answers farcaster_registry_unavailable when the ID registry cannot be read, and changes nothing', async () => {
    const app = await setup();
    const who = await farcaster().newFid();
    const channel = await app.init();
    // A node that is not there (a closed port on loopback).
    farcaster().configure(server(), { rpcUrl: 'http://127.0.0.1:9' });
    const body = await signedBody(app, channel, who);
    await expectRefusedUnchanged(server(), () => app.authenticate(body), 503, 'farcaster_registry_unavailable');
    farcaster().configure(server());
    expect((await app.authenticate(body)).status).toBe(200);
  });
});
