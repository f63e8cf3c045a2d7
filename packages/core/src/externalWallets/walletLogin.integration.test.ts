import type { StepUpAction } from '@latch/protocol';
import { type HttpTestServer, startHttpTestServer, stepUpOverHttp } from '@latch/server/testing';
import type { PrivateKeyAccount } from 'viem/accounts';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLatchClient } from '../client.js';
import { systemClock } from '../clock.js';
import { memoryStorage } from '../storage.js';
import type { DiscoveryTarget } from './discoverWallets.js';
import { EIP6963_EVENT } from './eip1193.js';
import { createExternalWallets } from './externalWallets.js';
import { createInjectedConnector } from './injectedConnector.js';
import { siweWallet } from './siweWallet.js';
import { createFakeEip1193Provider } from './testing/fakeEip1193Provider.js';
import { walletErrorView } from './walletErrors.js';

// The client's wallet login against the real server over HTTP; the wallet is the only stand-in
// (a third-party EIP-1193 provider that signs with a real key).
const PAGE = 'http://localhost:5173';
let server: HttpTestServer;
let apiUrl: string;
let appId: string;
let clientId: string;

beforeAll(async () => {
  server = await startHttpTestServer({ publicUrl: 'http://127.0.0.1' });
  ({ apiUrl } = server);
  ({ appId, clientId } = await server.createApp({
    name: 'Wallet IT',
    config: { wallet_auth: true },
    allowed_origins: [PAGE],
  }));
});

afterAll(async () => {
  await server?.close();
});

function newWallet(chainId = 1) {
  const account = privateKeyToAccount(generatePrivateKey());
  const provider = createFakeEip1193Provider(account, chainId);
  const connector = createInjectedConnector({
    id: account.address,
    name: 'MetaMask',
    icon: null,
    rdns: 'io.metamask',
    walletClientType: 'metamask',
    source: 'eip6963',
    provider,
  });
  return { account, provider, connector };
}

async function connected(wallet: ReturnType<typeof newWallet>) {
  return siweWallet(wallet.connector, await wallet.connector.connect());
}

/** A step-up for `action` signed by `account`, a wallet the client's user had (the widget's step-up screen does this). */
async function stepUp(
  client: { getAccessToken(): Promise<string | null> },
  account: PrivateKeyAccount,
  action: StepUpAction,
) {
  const token = (await client.getAccessToken()) ?? '';
  await stepUpOverHttp({ apiUrl, appId, clientId, token, origin: PAGE }, action, {
    factor: { type: 'wallet', id: account.address },
    sign: (message) => account.signMessage({ message }),
  });
}

describe('wallet login against the real server', () => {
  const newClient = () =>
    createLatchClient({
      appId,
      clientId,
      apiUrl,
      storage: memoryStorage(),
      location: { href: () => `${PAGE}/login?x=1`, replace: () => {} },
    });

  it('logs in with an injected wallet, links a second one, unlinks it', async () => {
    const client = newClient();
    await client.init();
    const first = newWallet(8453);
    const { user, isNewUser } = await client.loginWithWallet(await connected(first));
    expect(isNewUser).toBe(true);
    expect(user.wallet).toEqual({
      address: first.account.address,
      chainType: 'ethereum',
      chainId: 'eip155:8453',
      walletClientType: 'metamask',
      connectorType: 'injected',
      imported: false,
    });
    expect(client.getState()).toMatchObject({ authenticated: true });
    const signed = first.provider.calls.find((c) => c.method === 'personal_sign')!;
    const message = Buffer.from(String((signed.params as string[])[0]).slice(2), 'hex').toString('utf8');
    expect(message.split('\n')[0]).toBe('localhost:5173 wants you to sign in with your Ethereum account:');
    expect(message).toContain(`URI: ${PAGE}\n`);

    const second = newWallet();
    await stepUp(client, first.account, 'link');
    const linked = await client.linkWallet(await connected(second));
    expect(linked.linkedAccounts.map((a) => a.address)).toEqual([first.account.address, second.account.address]);
    await stepUp(client, first.account, 'unlink');
    const unlinked = await client.unlinkWallet(second.account.address);
    expect(unlinked.linkedAccounts.map((a) => a.address)).toEqual([first.account.address]);
  });

  it('maps a wallet owned by another user to Use a different wallet', async () => {
    const owner = newClient();
    await owner.init();
    const wallet = newWallet();
    await owner.loginWithWallet(await connected(wallet));
    const other = newClient();
    await other.init();
    const own = newWallet();
    await other.loginWithWallet(await connected(own));
    await stepUp(other, own.account, 'link');
    const error = await other.linkWallet(await connected(wallet)).catch((e: unknown) => e);
    expect(walletErrorView(error, 'login')).toMatchObject({
      kind: 'linked_to_another_user',
      cta: 'Use a different wallet',
    });
  });

  it('leaves the user signed out when they refuse to sign (4001)', async () => {
    const client = newClient();
    await client.init();
    const wallet = newWallet();
    wallet.provider.script('personal_sign', { errorCode: 4001 });
    const error = await client.loginWithWallet(await connected(wallet)).catch((e: unknown) => e);
    expect(walletErrorView(error, 'sign').text).toBe('signature rejected (please try signing again)');
    expect(client.getState()).toMatchObject({ authenticated: false, user: null });
    await expect(client.linkWallet(await connected(wallet))).rejects.toMatchObject({ code: 'must_be_authenticated' });
  });

  it('runs the whole headless flow: discovery, connect, sign-in, post-login, connected list', async () => {
    const client = newClient();
    await client.init();
    const target = new EventTarget() as EventTarget & DiscoveryTarget;
    const wallet = newWallet(10);
    target.addEventListener(EIP6963_EVENT.request, () =>
      target.dispatchEvent(
        new CustomEvent(EIP6963_EVENT.announce, {
          detail: {
            info: { uuid: 'mm-1', name: 'MetaMask', rdns: 'io.metamask', icon: 'data:,' },
            provider: wallet.provider,
          },
        }),
      ),
    );
    const completed: Array<{ intent: string; isNewUser: boolean; userId: string }> = [];
    let closed = false;
    const wallets = createExternalWallets({
      target,
      clock: systemClock,
      actions: client,
      handlers: () => ({
        onComplete: (result) =>
          completed.push({ intent: result.intent, isNewUser: result.isNewUser, userId: result.user.id }),
        onClose: () => {
          closed = true;
        },
      }),
    });
    const context = { requireUsersAcceptTerms: false, createOnLogin: 'off', canCreateEmbeddedWallet: false } as const;
    expect(wallets.select('mm-1', { intent: 'login', isMobile: false, context, supportedChainIds: [8453] })).toBe(true);
    await expect.poll(() => closed, { timeout: 5000 }).toBe(true);
    expect(completed).toEqual([{ intent: 'login', isNewUser: true, userId: client.getState().user!.id }]);
    expect(client.getState().user?.wallet).toMatchObject({ address: wallet.account.address, chainId: 'eip155:8453' });
    expect(wallets.connected.list()).toEqual([
      expect.objectContaining({ chainId: 'eip155:8453', walletClientType: 'metamask' }),
    ]);
    wallets.destroy();
  });
});
