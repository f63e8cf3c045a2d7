import { recoverMessageAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../testing/fakeClock.js';
import type { DiscoveredWallet } from './discoverWallets.js';
import { createInjectedConnector } from './injectedConnector.js';
import { createFakeEip1193Provider } from './testing/fakeEip1193Provider.js';
import { WalletTimeoutError } from './withTimeout.js';

const account = privateKeyToAccount(`0x${'22'.repeat(32)}`);

function setup(options: { requestTimeoutMs?: number } = {}) {
  const clock = createFakeClock();
  const provider = createFakeEip1193Provider(account, 8453);
  const wallet: DiscoveredWallet = {
    id: 'u-1',
    name: 'MetaMask',
    icon: null,
    rdns: 'io.metamask',
    walletClientType: 'metamask',
    source: 'eip6963',
    provider,
  };
  return { clock, provider, connector: createInjectedConnector(wallet, { clock, ...options }) };
}

/** Settles `promise` into a readable outcome without unhandled rejections. */
function track<T>(promise: Promise<T>) {
  const state: { value?: T; error?: unknown; done: boolean } = { done: false };
  promise.then(
    (value) => Object.assign(state, { value, done: true }),
    (error: unknown) => Object.assign(state, { error, done: true }),
  );
  return state;
}

describe('createInjectedConnector', () => {
  it('connects: eth_requestAccounts then eth_chainId', async () => {
    const { connector, provider } = setup();
    await expect(connector.connect()).resolves.toEqual({ address: account.address.toLowerCase(), chainId: 8453 });
    expect(provider.calls.map((c) => c.method)).toEqual(['eth_requestAccounts', 'eth_chainId']);
    expect(connector).toMatchObject({ walletClientType: 'metamask', connectorType: 'injected' });
  });

  it('signs with personal_sign [hex message, address], and the signature recovers to the account', async () => {
    const { connector, provider } = setup();
    const message = 'Sign in to Acme ✓';
    const signature = await connector.signMessage(account.address, message);
    expect(provider.calls.at(-1)).toEqual({
      method: 'personal_sign',
      params: [`0x${Buffer.from(message, 'utf8').toString('hex')}`, account.address],
    });
    expect(await recoverMessageAddress({ message, signature })).toBe(account.address);
  });

  it('times out a request after exactly 120000 ms by default', async () => {
    const { clock, connector, provider } = setup();
    provider.script('eth_requestAccounts', 'hang');
    const outcome = track(connector.connect());
    await clock.advance(119_999);
    expect(outcome.done).toBe(false);
    await clock.advance(1);
    expect(outcome.error).toBeInstanceOf(WalletTimeoutError);
    expect(outcome.error).toMatchObject({ kind: 'request', ms: 120_000 });
  });

  it('takes a per-wallet request timeout', async () => {
    const { clock, connector, provider } = setup({ requestTimeoutMs: 30_000 });
    provider.script('personal_sign', 'hang');
    const outcome = track(connector.signMessage(account.address, 'hi'));
    await clock.advance(29_999);
    expect(outcome.done).toBe(false);
    await clock.advance(1);
    expect(outcome.error).toMatchObject({ kind: 'request', ms: 30_000 });
  });

  it('gives up initialising a wallet that does not answer eth_chainId within 1500 ms', async () => {
    const { clock, connector, provider } = setup();
    provider.script('eth_chainId', 'hang');
    const outcome = track(connector.initialize());
    await clock.advance(1499);
    expect(outcome.done).toBe(false);
    await clock.advance(1);
    expect(outcome.error).toMatchObject({ kind: 'connectorInitialization', ms: 1500 });
    await expect(connector.initialize()).resolves.toBeUndefined();
    expect(clock.pendingTimers()).toBe(0);
  });

  it("passes the wallet's own errors through, and calls an empty account list locked (4100)", async () => {
    const { connector, provider } = setup();
    provider.script('eth_requestAccounts', { errorCode: 4001 }, { result: [] });
    await expect(connector.connect()).rejects.toMatchObject({ code: 4001 });
    await expect(connector.connect()).rejects.toMatchObject({ code: 4100 });
  });

  it('switches chain with wallet_switchEthereumChain', async () => {
    const { connector, provider } = setup();
    await connector.switchChain(10);
    expect(provider.calls.at(-1)).toEqual({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] });
    await expect(connector.getChainId()).resolves.toBe(10);
  });
});
