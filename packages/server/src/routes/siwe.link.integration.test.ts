import { SIWE_API, type TokenResponse, type WireUser } from '@latch/protocol';
import { expect, it } from 'vitest';
import { expectRefusedUnchanged } from '../siwe/testing/expectRefusedUnchanged.js';
import { insertEmbeddedWallet } from '../siwe/testing/insertEmbeddedWallet.js';
import { newTestWallet, siweTestClient, TEST_ORIGIN } from '../siwe/testing/siweTestClient.js';
import { forEachBackend, type TestServer } from '../test/harness.js';
import { RECENT_LOGIN_MS } from './codeStepUp.js';

let serial = 0;
const uniqueEmail = () => `user-${Date.now()}-${serial++}@example.test`;

async function setup(server: TestServer) {
  const { appId, clientId } = await server.createApp({
    name: 'Acme',
    config: { wallet_auth: true, email_auth: true },
    allowedOrigins: [TEST_ORIGIN],
  });
  const client = siweTestClient(server, appId, clientId);
  const signIn = async (): Promise<TokenResponse> => server.signIn(appId, { type: 'email', address: uniqueEmail() });
  return { appId, client, signIn };
}

const walletAddresses = (user: WireUser) =>
  user.linked_accounts.flatMap((a) => (a.type === 'wallet' ? [a.address] : []));

forEachBackend('siwe link and unlink', (server) => {
  it('links two wallets to a signed-in user, then unlinks one', async () => {
    const { client, signIn } = await setup(server());
    const session = await signIn();
    const [first, second] = [newTestWallet(), newTestWallet()];

    const linked = await client.link(session.token!, first, { chainId: 137, walletClientType: 'rabby' });
    expect(linked.status).toBe(200);
    const user = (await linked.json()) as WireUser;
    expect(user.id).toBe(session.user.id);
    expect(user.linked_accounts).toContainEqual(
      expect.objectContaining({
        type: 'wallet',
        address: first.address,
        chain_id: 'eip155:137',
        wallet_client_type: 'rabby',
        connector_type: 'injected',
      }),
    );
    const both = (await (await client.link(session.token!, second)).json()) as WireUser;
    expect(walletAddresses(both)).toEqual([first.address, second.address]);

    // Any letter case names the account.
    const unlinked = await client.post(SIWE_API.unlink, { address: first.address.toLowerCase() }, session.token!);
    expect(unlinked.status).toBe(200);
    expect(walletAddresses((await unlinked.json()) as WireUser)).toEqual([second.address]);

    // The unlinked wallet is free again: it signs up a new user.
    const again = (await (await client.authenticate(first)).json()) as TokenResponse;
    expect(again).toMatchObject({ is_new_user: true });
    expect(again.user.id).not.toBe(session.user.id);
  });

  it('refuses to link or unlink a wallet with a token whose login is not recent (a stolen token adds no login method)', async () => {
    const { client, signIn } = await setup(server());
    const session = await signIn();
    const mine = newTestWallet();
    expect((await client.link(session.token!, mine)).status).toBe(200);
    server().clock.advance(RECENT_LOGIN_MS + 1_000);
    const thief = newTestWallet();
    const link = await client.link(session.token!, thief);
    expect(link.status).toBe(401);
    expect(await link.json()).toMatchObject({ error: 'step_up_required' });
    const unlink = await client.post(SIWE_API.unlink, { address: mine.address }, session.token!);
    expect(unlink.status).toBe(401);
    // The thief's wallet logs in to a new account, not to this user's; the user keeps their wallet.
    const login = (await (await client.authenticate(thief)).json()) as TokenResponse;
    expect(login.user.id).not.toBe(session.user.id);
    const again = (await (await client.authenticate(mine)).json()) as TokenResponse;
    expect(again.user.id).toBe(session.user.id);
  });

  it('refuses a wallet already linked to another user, spending only the nonce', async () => {
    const { client, signIn } = await setup(server());
    const wallet = newTestWallet();
    expect((await client.link((await signIn()).token!, wallet)).status).toBe(200);
    const other = await signIn();
    const body = await client.signedBody(wallet);
    const refused = await expectRefusedUnchanged(
      server(),
      () => client.post(SIWE_API.link, body, other.token!),
      409,
      'linked_to_another_user',
      { ignore: ['short_lived'] },
    );
    expect(refused.message).toBe('This account has already been linked to another user.');
  });

  it('refuses to link the embedded wallet, to unlink it, or to unlink the last login method', async () => {
    const { appId, client, signIn } = await setup(server());
    const owner = await signIn();
    const embedded = newTestWallet();
    await insertEmbeddedWallet(server(), appId, owner.user.id, embedded.address);
    for (const token of [owner.token!, (await signIn()).token!]) {
      const body = await client.signedBody(embedded, { walletClientType: 'metamask' });
      await expectRefusedUnchanged(server(), () => client.post(SIWE_API.link, body, token), 400, 'invalid_data');
    }
    const asLatch = await client.signedBody(newTestWallet(), { walletClientType: 'latch' });
    await expectRefusedUnchanged(
      server(),
      () => client.post(SIWE_API.link, asLatch, owner.token!),
      400,
      'invalid_data',
    );
    await expectRefusedUnchanged(
      server(),
      () => client.post(SIWE_API.unlink, { address: embedded.address }, owner.token!),
      404,
      'account_not_linked',
    );

    const walletOnly = (await (await client.authenticate(newTestWallet())).json()) as TokenResponse;
    const own = walletAddresses(walletOnly.user)[0]!;
    await expectRefusedUnchanged(
      server(),
      () => client.post(SIWE_API.unlink, { address: own }, walletOnly.token!),
      409,
      'cannot_unlink_last_account',
    );
  });

  it('refuses link and unlink without a session, and a replayed link', async () => {
    const { client, signIn } = await setup(server());
    const wallet = newTestWallet();
    const body = await client.signedBody(wallet);
    await expectRefusedUnchanged(server(), () => client.post(SIWE_API.link, body), 401, 'missing_or_invalid_token');
    await expectRefusedUnchanged(
      server(),
      () => client.post(SIWE_API.unlink, { address: wallet.address }),
      401,
      'missing_or_invalid_token',
    );
    const session = await signIn();
    expect((await client.post(SIWE_API.link, body, session.token!)).status).toBe(200);
    await expectRefusedUnchanged(
      server(),
      () => client.post(SIWE_API.link, body, session.token!),
      422,
      'invalid_credentials',
    );
  });
});
