import { type DevIdp, startDevIdp } from '@latch/dev-idp';
import type { TokenResponse, WireFarcasterSigner, WireUser } from '@latch/protocol';
import { FARCASTER_RELAY_BASE } from '@latch/protocol/farcaster';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type LocalChain, startLocalChain } from '../../../../../scripts/localChain.mjs';
import { forEachBackend, type TestServer } from '../../test/harness.js';
import { expectRefusedUnchanged } from '../siwe/testing/expectRefusedUnchanged.js';
import { configureFarcaster } from './index.js';
import { farcasterTestApp } from './testing/farcasterTestApp.js';

// The dev IdP's Farcaster stand-in (apps/dev-idp/src/farcaster) against the real server: it deploys the IdRegistry
// on anvil, registers its test fids, approves from its page as the Farcaster app does (posting to Latch's relay,
// in process here) and plays Farcaster's signed-key-request API.
let chain: LocalChain;
let idp: DevIdp;
let current: TestServer | undefined;
const SHORT_LIVED = { ignore: ['short_lived', 'durable_counters'] };
const KEY = `0x${'ab'.repeat(32)}`;

beforeAll(async () => {
  chain = await startLocalChain(31337);
  idp = await startDevIdp({
    redirectUris: ['http://localhost:8787/api/v1/oauth/callback'],
    providers: [],
    chainRpcUrl: chain.url,
    farcasterRelay: async (path, init) => {
      if (!current) throw new Error('no server');
      return current.app.request(`${FARCASTER_RELAY_BASE}${path}`, init);
    },
  });
}, 180_000);

afterAll(async () => {
  await idp?.close();
  await chain?.stop();
});

/** Submits the stand-in page's form as the tester's click does. */
async function click(path: 'sign-in' | 'signer', id: string, decision: 'approve' | 'reject'): Promise<string> {
  const res = await fetch(`${idp.farcaster.pageUrl}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ id, decision }),
  });
  expect(res.status).toBe(200);
  return res.text();
}

forEachBackend('farcaster through the dev stand-in', (server) => {
  const setup = async () => {
    current = server();
    configureFarcaster(server().ctx, {
      rpcUrl: chain.url,
      idRegistry: idp.farcaster.idRegistry as `0x${string}`,
      apiUrl: idp.farcaster.apiUrl,
    });
    return farcasterTestApp(server());
  };
  /** Logs the stand-in's test user in: the page scans the connect URI, the tester approves. */
  const logIn = async (app: Awaited<ReturnType<typeof setup>>) => {
    const channel = await app.init();
    const page = await (
      await fetch(`${idp.farcaster.pageUrl}?connect=${encodeURIComponent(channel.connect_uri)}`)
    ).text();
    expect(page).toContain('local stand-in for the Farcaster app on a phone, not Farcaster');
    expect(page).toContain('Sign in to acme.example');
    const [request] = idp.farcaster.pending().signIns;
    expect(await click('sign-in', request!.id, 'approve')).toContain('Signed in to acme.example as @latch-tester.');
    const status = await app.statusOf(channel.channel_token);
    if (status.state !== 'completed') throw new Error('not completed');
    const { message, signature, fid } = status;
    return (await (
      await app.authenticate({ channel_token: channel.channel_token, message, signature, fid })
    ).json()) as TokenResponse;
  };

  it("logs in as the stand-in's test fid, registered in the IdRegistry on the dev chain", async () => {
    const app = await setup();
    const session = await logIn(app);
    expect(session.user.linked_accounts).toEqual([
      expect.objectContaining({
        type: 'farcaster',
        fid: idp.farcaster.user.fid,
        owner_address: idp.farcaster.user.custody,
        username: 'latch-tester',
      }),
    ]);
  });

  it('a rejected sign-in posts nothing: the channel stays pending', async () => {
    const app = await setup();
    const channel = await app.init();
    idp.farcaster.scan(channel.connect_uri);
    const [request] = idp.farcaster.pending().signIns;
    expect(await click('sign-in', request!.id, 'reject')).toContain('Sign-in to acme.example rejected.');
    expect(await app.statusOf(channel.channel_token)).toEqual({ state: 'pending', nonce: channel.nonce });
  });

  it('a signer: pending with its approval URL, approved on the stand-in page, then recorded on the account', async () => {
    const app = await setup();
    const { fid, privateKey } = idp.farcaster.app;
    await server().ctx.loginCredentials.set(app.appId, 'farcaster', { app_fid: fid }, privateKey);
    const session = await logIn(app);
    const token = session.token as string;
    const pending = (await (await app.signerStatus(token, KEY)).json()) as WireFarcasterSigner;
    expect(pending).toEqual({
      public_key: KEY,
      status: 'pending_approval',
      signer_approval_url: expect.stringMatching(/^farcaster:\/\/signed-key-request\?token=0x[0-9a-f]{24}$/),
    });
    // The same request on the next poll, not a new one.
    expect(await (await app.signerStatus(token, KEY)).json()).toEqual(pending);
    const requests = idp.farcaster.pending().signers.filter((s) => s.key === KEY);
    expect(requests).toEqual([expect.objectContaining({ requestFid: fid })]);
    expect(await click('signer', requests[0]!.token, 'approve')).toContain('Signer approved.');
    expect(await (await app.signerStatus(token, KEY)).json()).toEqual({ public_key: KEY, status: 'approved' });
    const me = (await (
      await server().call('GET', '/api/v1/users/me', { headers: { ...app.headers(token) } })
    ).json()) as { user: WireUser };
    expect(me.user.linked_accounts.find((a) => a.type === 'farcaster')).toMatchObject({ signer_public_key: KEY });
  });

  it('a rejected signer is revoked; no app fid is farcaster_signer_not_configured; no Farcaster account, account_not_linked', async () => {
    const app = await setup();
    const session = await logIn(app);
    const token = session.token as string;
    await expectRefusedUnchanged(
      server(),
      () => app.signerStatus(token, KEY),
      409,
      'farcaster_signer_not_configured',
      SHORT_LIVED,
    );
    const { fid, privateKey } = idp.farcaster.app;
    await server().ctx.loginCredentials.set(app.appId, 'farcaster', { app_fid: fid }, privateKey);
    const other = `0x${'cd'.repeat(32)}`;
    await app.signerStatus(token, other);
    const [request] = idp.farcaster.pending().signers.filter((s) => s.key === other);
    expect(await click('signer', request!.token, 'reject')).toContain('Signer request rejected.');
    expect(await (await app.signerStatus(token, other)).json()).toEqual({ public_key: other, status: 'revoked' });
    const emailOnly = await app.signIn();
    await expectRefusedUnchanged(
      server(),
      () => app.signerStatus(emailOnly.token as string, KEY),
      404,
      'account_not_linked',
    );
  });

  it('after a rejected signer the key stays revoked; the next key (the widget asks with a fresh one) gets its own request', async () => {
    const app = await setup();
    const { fid, privateKey } = idp.farcaster.app;
    await server().ctx.loginCredentials.set(app.appId, 'farcaster', { app_fid: fid }, privateKey);
    const token = (await logIn(app)).token as string;
    const [rejected, fresh] = [`0x${'e1'.repeat(32)}`, `0x${'e2'.repeat(32)}`];
    await app.signerStatus(token, rejected);
    const [first] = idp.farcaster.pending().signers.filter((s) => s.key === rejected);
    await click('signer', first!.token, 'reject');
    const revoked = { public_key: rejected, status: 'revoked' };
    expect(await (await app.signerStatus(token, rejected)).json()).toEqual(revoked);
    // Asked again (a second request with the same key): still revoked, no new request at Farcaster's API.
    expect(await (await app.signerStatus(token, rejected)).json()).toEqual(revoked);
    expect(idp.farcaster.pending().signers.filter((s) => s.key === rejected)).toEqual([]);
    const pending = (await (await app.signerStatus(token, fresh)).json()) as WireFarcasterSigner;
    expect(pending).toMatchObject({ public_key: fresh, status: 'pending_approval' });
    const [second] = idp.farcaster.pending().signers.filter((s) => s.key === fresh);
    expect(pending.signer_approval_url).toBe(`farcaster://signed-key-request?token=${second!.token}`);
    await click('signer', second!.token, 'approve');
    expect(await (await app.signerStatus(token, fresh)).json()).toEqual({ public_key: fresh, status: 'approved' });
    const me = (await (
      await server().call('GET', '/api/v1/users/me', { headers: { ...app.headers(token) } })
    ).json()) as { user: WireUser };
    expect(me.user.linked_accounts.find((a) => a.type === 'farcaster')).toMatchObject({ signer_public_key: fresh });
  });

  it("answers farcaster_api_error when Farcaster's API refuses the request (an app key that is not the app fid's custody)", async () => {
    const app = await setup();
    const { fid } = idp.farcaster.app;
    await server().ctx.loginCredentials.set(app.appId, 'farcaster', { app_fid: fid }, `0x${'11'.repeat(32)}`);
    const token = (await logIn(app)).token as string;
    await expectRefusedUnchanged(server(), () => app.signerStatus(token, KEY), 502, 'farcaster_api_error', SHORT_LIVED);
  });
});
