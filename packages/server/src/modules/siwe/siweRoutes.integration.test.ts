import { IDENTITY_API, SIWE_API, type TokenResponse } from '@latch/protocol';
import { expect, it } from 'vitest';
import { forEachBackend, type TestServer, widgetHeaders } from '../../test/harness.js';
import { configureSiwe } from './siweLoginFor.js';
import { expectRefusedUnchanged } from './testing/expectRefusedUnchanged.js';
import { insertEmbeddedWallet } from './testing/insertEmbeddedWallet.js';
import { newTestWallet, siweTestClient, TEST_ORIGIN } from './testing/siweTestClient.js';

async function setup(server: TestServer, config: Record<string, unknown> = { wallet_auth: true }) {
  const { appId, clientId } = await server.createApp({ name: 'Acme', config, allowedOrigins: [TEST_ORIGIN] });
  return { appId, clientId, client: siweTestClient(server, appId, clientId) };
}

forEachBackend('siwe login', (server) => {
  it('logs in with a signed message, signs up once, stores the wallet account, and the token works', async () => {
    const { appId, clientId, client } = await setup(server());
    const wallet = newTestWallet();
    const init = await client.init(wallet.address.toLowerCase());
    expect(init).toEqual({
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
      address: wallet.address,
      expires_at: expect.any(String),
    });
    expect(Date.parse(init.expires_at) - server().clock.now().getTime()).toBe(10 * 60_000);

    const res = await client.authenticate(wallet, { nonce: init.nonce, chainId: 8453 });
    expect(res.status).toBe(200);
    const session = (await res.json()) as TokenResponse;
    expect(session).toMatchObject({ is_new_user: true, session_update_action: 'set' });
    expect(session.user.linked_accounts).toEqual([
      expect.objectContaining({
        type: 'wallet',
        address: wallet.address,
        chain_type: 'ethereum',
        chain_id: 'eip155:8453',
        wallet_client_type: 'metamask',
        connector_type: 'injected',
      }),
    ]);
    const me = await server().call('GET', IDENTITY_API.me, { headers: widgetHeaders(appId, clientId, session.token!) });
    expect((await me.json()).user.id).toBe(session.user.id);

    const again = (await (await client.authenticate(wallet)).json()) as TokenResponse;
    expect(again).toMatchObject({ is_new_user: false, user: { id: session.user.id } });
  });

  it('refuses a replayed message: the nonce is single use', async () => {
    const { client } = await setup(server());
    const wallet = newTestWallet();
    const body = await client.signedBody(wallet);
    expect((await client.post(SIWE_API.authenticate, body)).status).toBe(200);
    await expectRefusedUnchanged(server(), () => client.post(SIWE_API.authenticate, body), 422, 'invalid_credentials');
  });

  it('lets exactly one of two simultaneous uses of a nonce through', async () => {
    const { client } = await setup(server());
    const body = await client.signedBody(newTestWallet());
    const answers = await Promise.all([1, 2, 3].map(() => client.post(SIWE_API.authenticate, body)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422, 422]);
  });

  it('refuses an expired message and one not valid yet', async () => {
    const { client } = await setup(server());
    const wallet = newTestWallet();
    const now = server().clock.now().getTime();
    const expiring = await client.signedBody(wallet, { expirationTime: new Date(now + 60_000) });
    server().clock.advance(60_000);
    await expectRefusedUnchanged(
      server(),
      () => client.post(SIWE_API.authenticate, expiring),
      422,
      'invalid_credentials',
    );
    const early = await client.signedBody(wallet, { notBefore: new Date(now + 3_600_000) });
    await expectRefusedUnchanged(server(), () => client.post(SIWE_API.authenticate, early), 422, 'invalid_credentials');
  });

  it('refuses a nonce after its 10 minutes, even with a valid signature', async () => {
    const { client } = await setup(server());
    const wallet = newTestWallet();
    const body = await client.signedBody(wallet);
    server().clock.advance(10 * 60_000);
    await expectRefusedUnchanged(server(), () => client.post(SIWE_API.authenticate, body), 422, 'invalid_credentials');
  });

  it('refuses a message for a foreign domain or URI', async () => {
    const { client } = await setup(server());
    const wallet = newTestWallet();
    for (const shape of [
      { domain: 'evil.example', uri: 'https://evil.example' },
      { domain: 'evil.example', uri: TEST_ORIGIN },
      { domain: 'app.example', uri: 'https://evil.example/login' },
      { domain: 'app.example', uri: 'http://app.example' },
    ]) {
      const body = await client.signedBody(wallet, shape);
      await expectRefusedUnchanged(server(), () => client.post(SIWE_API.authenticate, body), 403, 'invalid_origin');
    }
  });

  it('refuses a message signed for another chain than the request names', async () => {
    const { client } = await setup(server());
    const body = await client.signedBody(newTestWallet(), { chainId: 10, bodyChainId: 'eip155:1' });
    await expectRefusedUnchanged(server(), () => client.post(SIWE_API.authenticate, body), 400, 'unsupported_chain_id');
  });

  it('refuses a signature made by another key', async () => {
    const { client } = await setup(server());
    const body = await client.signedBody(newTestWallet(), { signer: newTestWallet() });
    await expectRefusedUnchanged(server(), () => client.post(SIWE_API.authenticate, body), 422, 'invalid_credentials');
  });

  it('refuses a nonce issued for another address or another app', async () => {
    const { client } = await setup(server());
    const other = await setup(server());
    const wallet = newTestWallet();
    const forOther = await client.init(newTestWallet().address);
    const body = await client.signedBody(wallet, { nonce: forOther.nonce });
    await expectRefusedUnchanged(server(), () => client.post(SIWE_API.authenticate, body), 422, 'invalid_credentials');
    const otherApps = await other.client.init(wallet.address);
    const crossApp = await client.signedBody(wallet, { nonce: otherApps.nonce });
    await expectRefusedUnchanged(
      server(),
      () => client.post(SIWE_API.authenticate, crossApp),
      422,
      'invalid_credentials',
    );
  });

  it('never lets the embedded wallet log in as an external wallet', async () => {
    const { appId, client } = await setup(server());
    const embedded = newTestWallet();
    const owner = await server().signIn(appId, { type: 'email', address: `owner-${Date.now()}@example.test` });
    await insertEmbeddedWallet(server(), appId, owner.user.id, embedded.address);
    for (const walletClientType of ['latch', 'metamask']) {
      const body = await client.signedBody(embedded, { walletClientType });
      await expectRefusedUnchanged(
        server(),
        () => client.post(SIWE_API.authenticate, body),
        403,
        'disallowed_login_method',
      );
    }
    // Without the key, a stranger learns nothing: the answer is the bad-signature one.
    const probe = await client.signedBody(embedded, { signer: newTestWallet() });
    await expectRefusedUnchanged(server(), () => client.post(SIWE_API.authenticate, probe), 422, 'invalid_credentials');
    const fresh = await client.signedBody(newTestWallet(), { walletClientType: 'latch' });
    await expectRefusedUnchanged(
      server(),
      () => client.post(SIWE_API.authenticate, fresh),
      403,
      'disallowed_login_method',
    );
  });

  it('refuses wallet login when the app does not enable it', async () => {
    const { client } = await setup(server(), { email_auth: true });
    const before = await server().tableCounts();
    const res = await client.post(SIWE_API.init, { address: newTestWallet().address });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe('disallowed_login_method');
    expect(await server().tableCounts()).toEqual(before);
  });

  it('answers malformed bodies with 400 invalid_data and changes nothing', async () => {
    const { client } = await setup(server());
    const good = await client.signedBody(newTestWallet());
    for (const [path, body] of [
      [SIWE_API.init, { address: '0x1234' }],
      [SIWE_API.init, { address: 42 }],
      [SIWE_API.authenticate, { ...good, signature: 'nothex' }],
      [SIWE_API.authenticate, { ...good, chainId: 'eip155:0' }],
      [SIWE_API.authenticate, { ...good, walletClientType: '' }],
      [SIWE_API.authenticate, { ...good, message: 'hello, sign me' }],
      [SIWE_API.authenticate, { ...good, message: 'x'.repeat(5000) }],
      [SIWE_API.authenticate, []],
    ] as const) {
      await expectRefusedUnchanged(server(), () => client.post(path, body), 400, 'invalid_data');
    }
  });

  it('limits nonces per app and client IP with 429 and Retry-After', async () => {
    configureSiwe(server().ctx, { initLimit: { points: 2, durationSec: 600 } });
    try {
      const { client } = await setup(server());
      const other = await setup(server());
      const address = newTestWallet().address;
      for (let i = 0; i < 2; i++) expect((await client.post(SIWE_API.init, { address })).status).toBe(200);
      const refused = await client.post(SIWE_API.init, { address: newTestWallet().address });
      expect(refused.status).toBe(429);
      expect((await refused.json()).error).toBe('too_many_requests');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await other.client.post(SIWE_API.init, { address })).status).toBe(200);
    } finally {
      configureSiwe(server().ctx);
    }
  });
});
