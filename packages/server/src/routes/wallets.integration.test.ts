import { randomBytes, randomUUID } from 'node:crypto';
import { API } from '@latch/protocol';
import { WALLET_API } from '@latch/protocol/schemas';
import { ristretto255_oprf } from '@noble/curves/ed25519.js';
import { expect, it } from 'vitest';
import { forEachBackend, widgetHeaders } from '../test/harness.js';

// The wallet frame is served by the server itself, so its requests carry the server's own origin.
const FRAME_ORIGIN = new URL('http://localhost:8787').origin;
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

forEachBackend('wallet custody routes', (server) => {
  async function user(email: string) {
    const { appId, clientId } = await server().createApp({ allowedOrigins: ['https://host.example'] });
    const session = await server().signIn(appId, { type: 'email', address: email });
    return { appId, clientId, token: session.token as string };
  }

  function call(
    who: { appId: string; clientId: string; token?: string },
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    origin = FRAME_ORIGIN,
  ) {
    return server().call(method, path, {
      body,
      headers: { ...widgetHeaders(who.appId, who.clientId, who.token), origin },
    });
  }

  const newWallet = () => ({
    wallet_id: randomUUID(),
    share_set_id: randomUUID(),
    address: `0x${randomBytes(20).toString('hex')}`,
    auth_share: b64(randomBytes(69)),
    recovery: { method: 'latch', sealed_share: b64(randomBytes(97)), recovery_key: b64(randomBytes(32)) },
  });

  it('creates a wallet and releases its auth share and recovery material to the frame of its owner', async () => {
    const alice = await user('alice-wallet@example.com');
    expect(await (await call(alice, 'GET', WALLET_API.wallet)).json()).toEqual({ wallet: null });
    const input = newWallet();
    const created = await call(alice, 'POST', WALLET_API.wallet, input);
    expect(created.status).toBe(200);
    expect((await created.json()).wallet).toMatchObject({
      wallet_id: input.wallet_id,
      address: input.address,
      recovery_method: 'latch',
    });
    const again = await call(alice, 'POST', WALLET_API.wallet, newWallet());
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe('embedded_wallet_already_exists');

    const share = await call(alice, 'POST', WALLET_API.authShare, { share_set_id: input.share_set_id });
    expect(await share.json()).toEqual({ auth_share: input.auth_share });
    const recovery = await (await call(alice, 'POST', WALLET_API.recovery)).json();
    expect(recovery).toEqual({
      method: 'latch',
      share_set_id: input.share_set_id,
      sealed_share: input.recovery.sealed_share,
      recovery_key: input.recovery.recovery_key,
    });
  });

  it('refuses the auth share without a token, with another user’s token, with an expired one, and to the host page', async () => {
    const alice = await user('alice-refused@example.com');
    const input = newWallet();
    await call(alice, 'POST', WALLET_API.wallet, input);
    const body = { share_set_id: input.share_set_id };

    const anonymous = await call({ ...alice, token: undefined }, 'POST', WALLET_API.authShare, body);
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).error).toBe('missing_or_invalid_token');

    const mallory = await user('mallory@example.com');
    const foreign = await call(mallory, 'POST', WALLET_API.authShare, body);
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(await foreign.json())).not.toContain(input.auth_share);

    const hostPage = await call(alice, 'POST', WALLET_API.authShare, body, 'https://host.example');
    expect(hostPage.status).toBe(403);
    expect((await hostPage.json()).error).toBe('invalid_origin');
    expect((await call(alice, 'POST', WALLET_API.recovery, {}, 'https://host.example')).status).toBe(403);
    // A same-origin GET carries no Origin: only the browser's Sec-Fetch-Site says it is the frame.
    const noOrigin = (site: string) =>
      server().call('GET', WALLET_API.wallet, {
        headers: { ...widgetHeaders(alice.appId, alice.clientId, alice.token), 'sec-fetch-site': site },
      });
    expect((await noOrigin('same-origin')).status).toBe(200);
    expect((await noOrigin('same-site')).status).toBe(403);
    expect((await noOrigin('cross-site')).status).toBe(403);

    server().clock.advance(3601 * 1000);
    const expired = await call(alice, 'POST', WALLET_API.authShare, body);
    expect(expired.status).toBe(401);
  });

  it('runs the password OPRF step and limits unconfirmed attempts', async () => {
    const bob = await user('bob-wallet@example.com');
    const walletId = randomUUID();
    const blinded = () => b64(ristretto255_oprf.oprf.blind(new TextEncoder().encode('Secret-123')).blinded);
    for (let i = 0; i < 5; i++) {
      const ok = await call(bob, 'POST', WALLET_API.oprf, { wallet_id: walletId, blinded: blinded() });
      expect(ok.status).toBe(200);
      expect((await ok.json()).evaluated).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
    const limited = await call(bob, 'POST', WALLET_API.oprf, { wallet_id: walletId, blinded: blinded() });
    expect(limited.status).toBe(429);
    expect((await limited.json()).error).toBe('too_many_requests');
  });

  it('answers malformed bodies with invalid_data and changes nothing', async () => {
    const carol = await user('carol-wallet@example.com');
    const before = await server().tableCounts();
    for (const body of [{}, { ...newWallet(), address: 'nope' }, { ...newWallet(), auth_share: '***' }, [1, 2]]) {
      const response = await call(carol, 'POST', WALLET_API.wallet, body);
      expect(response.status).toBe(400);
      expect((await response.json()).error).toBe('invalid_data');
    }
    const badPoint = await call(carol, 'POST', WALLET_API.oprf, {
      wallet_id: randomUUID(),
      blinded: b64(new Uint8Array(32).fill(255)),
    });
    expect(badPoint.status).toBe(400);
    expect(await server().tableCounts()).toEqual(before);
  });

  it("records the embedded wallet among the user's linked accounts, and its new recovery method", async () => {
    const carol = await user('carol-wallet@example.com');
    const input = newWallet();
    expect((await call(carol, 'POST', WALLET_API.wallet, input)).status).toBe(200);
    const me = async () => (await (await call(carol, 'GET', API.me, undefined, 'https://host.example')).json()).user;
    const wallet = (await me()).linked_accounts.find((a: { type: string }) => a.type === 'wallet');
    expect(wallet).toMatchObject({
      type: 'wallet',
      address: input.address,
      chain_type: 'ethereum',
      wallet_client_type: 'latch',
      connector_type: 'embedded',
      recovery_method: 'latch',
      imported: false,
    });

    const replaced = await call(carol, 'POST', WALLET_API.replaceRecovery, {
      share_set_id: randomUUID(),
      auth_share: b64(randomBytes(69)),
      recovery: {
        method: 'user-passcode',
        sealed_share: b64(randomBytes(97)),
        salt: b64(randomBytes(16)),
        verifier: b64(randomBytes(32)),
      },
    });
    expect(replaced.status).toBe(200);
    const wallets = (await me()).linked_accounts.filter((a: { type: string }) => a.type === 'wallet');
    expect(wallets).toHaveLength(1);
    expect(wallets[0].recovery_method).toBe('user-passcode');
  });
});
