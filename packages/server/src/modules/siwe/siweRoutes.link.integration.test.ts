import { SIWE_API, type StepUpAction, type TokenResponse, type WireUser } from '@latch/protocol';
import type { PrivateKeyAccount } from 'viem/accounts';
import { expect, it } from 'vitest';
import { stepUpForTest } from '../../identity/stepUp/testing/stepUpForTest.js';
import { forEachBackend, type TestServer } from '../../test/harness.js';
import { expectRefusedUnchanged } from './testing/expectRefusedUnchanged.js';
import { insertEmbeddedWallet } from './testing/insertEmbeddedWallet.js';
import { newTestWallet, siweTestClient, TEST_ORIGIN } from './testing/siweTestClient.js';

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
  /** A step-up for `action` by the token's session: with its email, else with `wallet`. */
  const stepUp = (token: string, action: StepUpAction, wallet?: PrivateKeyAccount) =>
    stepUpForTest(server, { appId, clientId, token }, action, { wallet });
  return { appId, client, signIn, stepUp };
}

const walletAddresses = (user: WireUser) =>
  user.linked_accounts.flatMap((a) => (a.type === 'wallet' ? [a.address] : []));

forEachBackend('siwe link and unlink', (server) => {
  it('links two wallets to a signed-in user, then unlinks one', async () => {
    const { client, signIn, stepUp } = await setup(server());
    const session = await signIn();
    const [first, second] = [newTestWallet(), newTestWallet()];
    await stepUp(session.token!, 'link');

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
    await stepUp(session.token!, 'link');
    const both = (await (await client.link(session.token!, second)).json()) as WireUser;
    expect(walletAddresses(both)).toEqual([first.address, second.address]);

    // Any letter case names the account.
    await stepUp(session.token!, 'unlink');
    const unlinked = await client.post(SIWE_API.unlink, { address: first.address.toLowerCase() }, session.token!);
    expect(unlinked.status).toBe(200);
    expect(walletAddresses((await unlinked.json()) as WireUser)).toEqual([second.address]);

    // The unlinked wallet is free again: it signs up a new user.
    const again = (await (await client.authenticate(first)).json()) as TokenResponse;
    expect(again).toMatchObject({ is_new_user: true });
    expect(again.user.id).not.toBe(session.user.id);
  });

  it('refuses to link or unlink a wallet without a step-up, however fresh the login (a stolen token adds no login method)', async () => {
    const { client, signIn, stepUp } = await setup(server());
    const session = await signIn();
    const mine = newTestWallet();
    await stepUp(session.token!, 'link');
    expect((await client.link(session.token!, mine)).status).toBe(200);
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
    const { client, signIn, stepUp } = await setup(server());
    const wallet = newTestWallet();
    const first = await signIn();
    await stepUp(first.token!, 'link');
    expect((await client.link(first.token!, wallet)).status).toBe(200);
    const other = await signIn();
    await stepUp(other.token!, 'link');
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
    const { appId, client, signIn, stepUp } = await setup(server());
    const owner = await signIn();
    const embedded = newTestWallet();
    await insertEmbeddedWallet(server(), appId, owner.user.id, embedded.address);
    for (const token of [owner.token!, (await signIn()).token!]) {
      await stepUp(token, 'link');
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
    await stepUp(owner.token!, 'unlink');
    await expectRefusedUnchanged(
      server(),
      () => client.post(SIWE_API.unlink, { address: embedded.address }, owner.token!),
      404,
      'account_not_linked',
    );

    const onlyWallet = newTestWallet();
    const walletOnly = (await (await client.authenticate(onlyWallet)).json()) as TokenResponse;
    const own = walletAddresses(walletOnly.user)[0]!;
    await stepUp(walletOnly.token!, 'unlink', onlyWallet);
    await expectRefusedUnchanged(
      server(),
      () => client.post(SIWE_API.unlink, { address: own }, walletOnly.token!),
      409,
      'cannot_unlink_last_account',
    );
  });

  it('refuses link and unlink without a session, and a replayed link', async () => {
    const { client, signIn, stepUp } = await setup(server());
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
    await stepUp(session.token!, 'link');
    expect((await client.post(SIWE_API.link, body, session.token!)).status).toBe(200);
    await stepUp(session.token!, 'link');
    await expectRefusedUnchanged(
      server(),
      () => client.post(SIWE_API.link, body, session.token!),
      422,
      'invalid_credentials',
    );
  });
});
