import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { assertCanConnectOrCreate, createConnectedWallets } from './connectedWallets.js';
import { createInjectedConnector } from './injectedConnector.js';
import { createFakeEip1193Provider } from './testing/fakeEip1193Provider.js';

function connectorFor(id: string) {
  const account = privateKeyToAccount(generatePrivateKey());
  const provider = createFakeEip1193Provider(account, 1);
  const connector = createInjectedConnector({
    id,
    name: id,
    icon: null,
    rdns: null,
    walletClientType: 'rabby_wallet',
    source: 'eip6963',
    provider,
  });
  return { account, provider, connector };
}

describe('connected wallets', () => {
  it('lists connected wallets and follows account and chain changes from the provider', async () => {
    const wallets = createConnectedWallets();
    const changes: number[] = [];
    wallets.subscribe(() => changes.push(wallets.list().length));
    const { provider, connector } = connectorFor('w1');
    const wallet = wallets.add(connector, await connector.connect());
    expect(wallet).toMatchObject({ chainId: 'eip155:1', walletClientType: 'rabby_wallet', connectorType: 'injected' });
    expect(await wallet.getEthereumProvider()).toBe(provider);

    const other = `0x${'ab'.repeat(20)}`;
    provider.emit('accountsChanged', [other]);
    provider.emit('chainChanged', '0x2105');
    expect(wallets.list()).toEqual([expect.objectContaining({ address: other, chainId: 'eip155:8453' })]);

    await wallets.list()[0]!.switchChain(10);
    expect(wallets.list()[0]!.chainId).toBe('eip155:10');

    provider.emit('accountsChanged', []);
    expect(wallets.list()).toEqual([]);
    expect(provider.listenerCount()).toBe(0);
    expect(changes.at(-1)).toBe(0);
  });

  it('forgets a wallet on disconnect (from the host or the provider) and on clear', async () => {
    const wallets = createConnectedWallets();
    const a = connectorFor('a');
    const b = connectorFor('b');
    wallets.add(a.connector, await a.connector.connect());
    wallets.add(b.connector, await b.connector.connect());
    wallets.list()[0]!.disconnect();
    expect(wallets.list().map((w) => w.connectorId)).toEqual(['b']);
    await Promise.resolve();
    expect(a.provider.calls.at(-1)).toEqual({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] });
    b.provider.emit('disconnect', { code: 4900 });
    expect(wallets.list()).toEqual([]);
    wallets.add(a.connector, await a.connector.connect());
    wallets.add(a.connector, await a.connector.connect());
    expect(wallets.list()).toHaveLength(1);
    expect(a.provider.listenerCount()).toBe(3);
    wallets.clear();
    expect(a.provider.listenerCount()).toBe(0);
  });

  it('refuses connectOrCreateWallet for a signed-in user or when a wallet is connected (SPEC §5)', async () => {
    expect(() => assertCanConnectOrCreate(false, [])).not.toThrow();
    expect(() => assertCanConnectOrCreate(true, [])).toThrow(expect.objectContaining({ code: 'invalid_data' }));
    const wallets = createConnectedWallets();
    const a = connectorFor('a');
    wallets.add(a.connector, await a.connector.connect());
    expect(() => assertCanConnectOrCreate(false, wallets.list())).toThrow(
      'connectOrCreateWallet requires an unauthenticated user with no connected wallets.',
    );
  });
});
