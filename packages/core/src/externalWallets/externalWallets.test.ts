import type { User } from '@latch/protocol';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../testing/fakeClock.js';
import type { DiscoveryTarget } from './discoverWallets.js';
import { EIP6963_EVENT } from './eip1193.js';
import { createExternalWallets } from './externalWallets.js';
import { createFakeEip1193Provider } from './testing/fakeEip1193Provider.js';

const CONTEXT = { requireUsersAcceptTerms: false, createOnLogin: 'off', canCreateEmbeddedWallet: false } as const;
const user: User = { id: 'u1', createdAt: new Date(0), linkedAccounts: [], mfaMethods: [], hasAcceptedTerms: true };

function setup(requestTimeouts?: Record<string, number>) {
  const clock = createFakeClock();
  const target = new EventTarget() as EventTarget & DiscoveryTarget;
  const account = privateKeyToAccount(generatePrivateKey());
  const provider = createFakeEip1193Provider(account, 1);
  target.addEventListener(EIP6963_EVENT.request, () =>
    target.dispatchEvent(
      new CustomEvent(EIP6963_EVENT.announce, {
        detail: { info: { uuid: 'rabby-1', name: 'Rabby', rdns: 'io.rabby', icon: 'data:,' }, provider },
      }),
    ),
  );
  const events: string[] = [];
  const wallets = createExternalWallets({
    target,
    clock,
    requestTimeouts,
    actions: {
      prepareWalletSignIn: async (account) => ({ ...account, nonce: 'n1', message: 'hi' }),
      loginWithWalletSignature: async () => ({ user, isNewUser: false }),
      linkWalletSignature: async () => user,
      acceptTerms: async () => user,
      logout: async () => {},
    },
    handlers: () => ({
      onComplete: (r) => events.push(`complete:${r.intent}`),
      onConnected: (id) => events.push(`connected:${id}`),
      onClose: () => events.push('close'),
    }),
  });
  return { clock, account, provider, wallets, events };
}

describe('createExternalWallets', () => {
  it('logs in with a discovered wallet and lists it as connected', async () => {
    const t = setup();
    expect(t.wallets.discovery.wallets().map((w) => w.walletClientType)).toEqual(['rabby_wallet']);
    expect(t.wallets.select('rabby-1', { intent: 'login', isMobile: false, context: CONTEXT })).toBe(true);
    await t.clock.advance(1400);
    expect(t.events).toEqual(['complete:login', 'close']);
    expect(t.wallets.connected.list()).toEqual([
      expect.objectContaining({ address: t.account.address.toLowerCase(), walletClientType: 'rabby_wallet' }),
    ]);
  });

  it('connects only, without a signature', async () => {
    const t = setup();
    t.wallets.select('rabby-1', { intent: 'connect-only', isMobile: false, context: CONTEXT });
    await t.clock.flush();
    expect(t.provider.calls.map((c) => c.method)).not.toContain('personal_sign');
    expect(t.events).toEqual(['connected:rabby-1']);
    expect(t.wallets.connected.list()).toHaveLength(1);
  });

  it('uses a per-wallet request timeout, and refuses an unknown wallet id', async () => {
    const t = setup({ rabby_wallet: 5000 });
    t.provider.script('eth_requestAccounts', 'hang');
    t.wallets.select('rabby-1', { intent: 'login', isMobile: false, context: CONTEXT });
    await t.clock.advance(4999);
    expect(t.wallets.runner.getState().status).toBe('connecting');
    await t.clock.advance(1);
    expect(t.wallets.runner.getState().error?.text).toBe('wallet request timed out');
    expect(t.wallets.select('nope', { intent: 'login', isMobile: false, context: CONTEXT })).toBe(false);
    t.wallets.destroy();
    expect(t.provider.listenerCount()).toBe(0);
  });

  it('records a chain switch in the connected list even when the wallet emits no chainChanged', async () => {
    const t = setup();
    t.provider.script('wallet_switchEthereumChain', { result: null });
    t.wallets.select('rabby-1', { intent: 'login', isMobile: false, context: CONTEXT, supportedChainIds: [8453] });
    await t.clock.flush();
    expect(t.wallets.connected.list()).toEqual([expect.objectContaining({ chainId: 'eip155:8453' })]);
  });
});
