import type { User } from '@latch/protocol';
import { recoverMessageAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../testing/fakeClock.js';
import type { DiscoveryTarget } from './discoverWallets.js';
import { createExternalWallets } from './externalWallets.js';
import { WALLET_CONNECT_ID } from './phantomScreens.js';
import { createFakeEip1193Provider } from './testing/fakeEip1193Provider.js';
import type { WalletConnectInit, WalletConnectProviderLike } from './walletConnectConnector.js';

const CONTEXT = { requireUsersAcceptTerms: false, createOnLogin: 'off', canCreateEmbeddedWallet: false } as const;
const user: User = { id: 'u1', createdAt: new Date(0), linkedAccounts: [], mfaMethods: [], hasAcceptedTerms: true };
const metadata = { name: 'Acme', description: 'Acme', url: 'https://app.example', icons: [] };

/** A stand-in for the third-party package: a pairing URI, then a session approved by a wallet with a real key. */
function standIn() {
  const account = privateKeyToAccount(generatePrivateKey());
  const wallet = createFakeEip1193Provider(account, 1);
  const listeners = new Map<string, Array<(...args: unknown[]) => void>>();
  let loads = 0;
  const provider: WalletConnectProviderLike = {
    async connect(params) {
      for (const listener of listeners.get('display_uri') ?? []) listener(`wc:${'ab'.repeat(32)}@2?symKey=00`);
      return {
        namespaces: { eip155: { accounts: [`${params.optionalNamespaces.eip155!.chains[0]}:${account.address}`] } },
      };
    },
    request: (args) => wallet.request({ method: args.method, params: args.params as unknown[] }) as never,
    on(event, listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    },
    removeListener() {},
    async disconnect() {},
  };
  const load = async (): Promise<WalletConnectInit> => {
    loads++;
    return async () => provider;
  };
  return { account, load, loads: () => loads };
}

function setup(projectId: string | null) {
  const clock = createFakeClock();
  const wc = standIn();
  const events: string[] = [];
  const signed: string[] = [];
  const wallets = createExternalWallets({
    target: new EventTarget() as EventTarget & DiscoveryTarget,
    clock,
    walletConnect: () => ({ projectId, chainIds: [1], metadata, load: wc.load }),
    actions: {
      prepareWalletSignIn: async (account) => ({ ...account, nonce: 'n1', message: 'Sign in to Acme' }),
      loginWithWalletSignature: async ({ message, signature }) => {
        signed.push(await recoverMessageAddress({ message, signature: signature as `0x${string}` }));
        return { user, isNewUser: true };
      },
      linkWalletSignature: async () => user,
      acceptTerms: async () => user,
      logout: async () => {},
    },
    handlers: () => ({ onComplete: (r) => events.push(`complete:${r.intent}`), onClose: () => events.push('close') }),
  });
  return { clock, wc, wallets, events, signed };
}

describe('WalletConnect in the external wallets', () => {
  it('loads only when chosen, shows the pairing URI, then asks for the manual sign step and logs in', async () => {
    const t = setup('project-1');
    expect(t.wc.loads()).toBe(0);
    const seen: Array<string | null> = [];
    t.wallets.walletConnectPairing.subscribe(() => seen.push(t.wallets.walletConnectPairing.uri()));
    expect(t.wallets.select(WALLET_CONNECT_ID, { intent: 'login', isMobile: false, context: CONTEXT })).toBe(true);
    await t.clock.flush();
    expect(t.wc.loads()).toBe(1);
    expect(seen).toEqual([`wc:${'ab'.repeat(32)}@2?symKey=00`]);
    // SPEC §4: WalletConnect uses the manual 'Sign with your wallet' step, also on desktop.
    expect(t.wallets.runner.getState()).toMatchObject({ status: 'connected', signIn: 'ready' });
    t.wallets.runner.dispatch({ type: 'signWithWallet' });
    await t.clock.advance(1400);
    expect(t.signed).toEqual([t.wc.account.address]);
    expect(t.events).toEqual(['complete:login', 'close']);
    expect(t.wallets.connected.list()).toEqual([
      expect.objectContaining({ walletClientType: 'wallet_connect', connectorType: 'wallet_connect_v2' }),
    ]);
    t.wallets.destroy();
  });

  it("refuses without the app's project id, before loading the package", async () => {
    const t = setup(null);
    t.wallets.select(WALLET_CONNECT_ID, { intent: 'login', isMobile: false, context: CONTEXT });
    await t.clock.flush();
    expect(t.wc.loads()).toBe(0);
    const state = t.wallets.runner.getState();
    expect(state.status).toBe('error');
    expect(state.error?.detail).toBe("WalletConnect needs the app's wallet_connect_cloud_project_id.");
    t.wallets.destroy();
  });
});
