import { LatchError } from '@latch/protocol';
import {
  connect,
  createConfig,
  createStorage,
  disconnect,
  getAccount,
  reconnect,
  sendTransaction,
  signMessage,
  switchChain,
  waitForTransactionReceipt,
} from '@wagmi/core';
import {
  type Chain,
  createPublicClient,
  createWalletClient,
  http,
  parseEther,
  SwitchChainError,
  UserRejectedRequestError,
  verifyMessage,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { anvil, mainnet } from 'viem/chains';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANVIL_FUNDED_KEY, type LocalChain, startLocalChain } from '../../../../scripts/localChain.mjs';
import { type Eip1193Provider, WalletProviderError } from '../externalWallets/eip1193.js';
import { latch } from './latch.js';

type Listener = (...args: unknown[]) => void;

/**
 * An EIP-1193 wallet that signs with a real key and sends to a real anvil node: what the connector
 * wraps, without the embedded wallet's frame (e2e/walletLibraries.spec.ts drives the real one).
 */
function keyWallet(node: LocalChain, key: `0x${string}`) {
  const account = privateKeyToAccount(key);
  const listeners = new Map<string, Set<Listener>>();
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? []) listener(...args);
  };
  const chain: Chain = { ...anvil, rpcUrls: { default: { http: [node.url] } } };
  const signer = createWalletClient({ account, chain, transport: http(node.url) });
  const wallet = {
    signedIn: true,
    chainId: 31337,
    rejectSwitch: false,
    emit,
    listenerCount: () => [...listeners.values()].reduce((n, set) => n + set.size, 0),
    on(event: string, listener: Listener) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(listener));
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
    },
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      const args = (params ?? []) as unknown[];
      switch (method) {
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return wallet.signedIn ? [account.address.toLowerCase()] : [];
        case 'eth_chainId':
          return `0x${wallet.chainId.toString(16)}`;
        case 'wallet_switchEthereumChain': {
          if (wallet.rejectSwitch) throw new WalletProviderError(4001, 'The user rejected the request.');
          wallet.chainId = Number((args[0] as { chainId: string }).chainId);
          emit('chainChanged', `0x${wallet.chainId.toString(16)}`);
          return null;
        }
        case 'personal_sign':
          return account.signMessage({ message: { raw: args[0] as `0x${string}` } });
        case 'eth_sendTransaction': {
          const tx = args[0] as { to: `0x${string}`; value?: `0x${string}`; data?: `0x${string}` };
          return signer.sendTransaction({ to: tx.to, value: tx.value ? BigInt(tx.value) : 0n, data: tx.data });
        }
        default: {
          const res = await fetch(node.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: args }),
          });
          const body = (await res.json()) as { result?: unknown; error?: { code: number; message: string } };
          if (body.error) throw new WalletProviderError(body.error.code, body.error.message);
          return body.result;
        }
      }
    },
  } satisfies Eip1193Provider & Record<string, unknown>;
  return { wallet, account };
}

/** A storage that outlives one config, as localStorage outlives a page load. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('latch() with @wagmi/core against a real anvil node', () => {
  let node: LocalChain;
  let chain: Chain;
  let wallet: ReturnType<typeof keyWallet>['wallet'];
  let account: ReturnType<typeof keyWallet>['account'];
  let storage: ReturnType<typeof memoryStorage>;

  const configFor = (provider: Eip1193Provider | (() => Eip1193Provider) = wallet) =>
    createConfig({
      chains: [chain, mainnet],
      connectors: [latch({ provider })],
      transports: { [chain.id]: http(node.url), [mainnet.id]: http(node.url) },
      storage: createStorage({ storage }),
      multiInjectedProviderDiscovery: false,
    });

  beforeAll(async () => {
    node = await startLocalChain();
    chain = { ...anvil, rpcUrls: { default: { http: [node.url] } } };
  });

  afterAll(async () => {
    await node?.stop();
  });

  beforeEach(async () => {
    // A fresh wallet each time, funded from anvil's prefunded account.
    ({ wallet, account } = keyWallet(node, generatePrivateKey()));
    storage = memoryStorage();
    const funder = createWalletClient({ account: privateKeyToAccount(ANVIL_FUNDED_KEY), chain, transport: http() });
    const hash = await funder.sendTransaction({ to: account.address, value: parseEther('1') });
    await createPublicClient({ chain, transport: http() }).waitForTransactionReceipt({ hash });
  });

  it('connects: wagmi sees the wallet, its chain and the latch connector', async () => {
    const config = configFor();
    const connector = config.connectors[0]!;
    expect(connector).toMatchObject({ id: 'latch', name: 'Latch', type: 'latch' });
    const result = await connect(config, { connector });
    expect(result).toEqual({ accounts: [account.address], chainId: 31337 });
    expect(getAccount(config)).toMatchObject({ status: 'connected', address: account.address, chainId: 31337 });
  });

  it('signs a message that verifies for the wallet address', async () => {
    const config = configFor();
    await connect(config, { connector: config.connectors[0]! });
    const signature = await signMessage(config, { message: 'hello latch' });
    expect(await verifyMessage({ address: account.address, message: 'hello latch', signature })).toBe(true);
  });

  it('sends a transaction through the provider: the value arrives on anvil and the nonce moves', async () => {
    const config = configFor();
    await connect(config, { connector: config.connectors[0]! });
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const client = createPublicClient({ chain, transport: http() });
    const nonce = await client.getTransactionCount({ address: account.address });
    const hash = await sendTransaction(config, { to: recipient, value: parseEther('0.01') });
    const receipt = await waitForTransactionReceipt(config, { hash });
    expect(receipt.status).toBe('success');
    expect(receipt.from).toBe(account.address.toLowerCase());
    expect(await client.getBalance({ address: recipient })).toBe(parseEther('0.01'));
    expect(await client.getTransactionCount({ address: account.address })).toBe(nonce + 1);
  });

  it('switches chain through wallet_switchEthereumChain; refuses a chain wagmi has not configured', async () => {
    const config = configFor();
    await connect(config, { connector: config.connectors[0]! });
    await switchChain(config, { chainId: mainnet.id });
    expect(wallet.chainId).toBe(1);
    expect(getAccount(config).chainId).toBe(1);
    await expect(switchChain(config, { chainId: 10 as never })).rejects.toThrow(/not configured/);
    expect(wallet.chainId).toBe(1);
  });

  it("turns the user's refusal to switch into wagmi's UserRejectedRequestError", async () => {
    const config = configFor();
    const connector = config.connectors[0]!;
    await connect(config, { connector });
    wallet.rejectSwitch = true;
    const refused = connector.switchChain!({ chainId: mainnet.id });
    await expect(refused).rejects.toBeInstanceOf(UserRejectedRequestError);
    await expect(refused).rejects.not.toBeInstanceOf(SwitchChainError);
    expect(getAccount(config).chainId).toBe(31337);
  });

  it('connects on the chain wagmi asks for', async () => {
    const config = configFor();
    const result = await connect(config, { connector: config.connectors[0]!, chainId: mainnet.id });
    expect(result.chainId).toBe(1);
    expect(wallet.chainId).toBe(1);
  });

  it("follows the provider's events: another chain, then a logout (no accounts) disconnects", async () => {
    const config = configFor();
    await connect(config, { connector: config.connectors[0]! });
    wallet.chainId = 1;
    wallet.emit('chainChanged', '0x1');
    expect(getAccount(config).chainId).toBe(1);
    wallet.signedIn = false;
    wallet.emit('accountsChanged', []);
    await expect.poll(() => getAccount(config).status).toBe('disconnected');
    expect(wallet.listenerCount()).toBe(0);
  });

  it('refuses to connect without an embedded wallet (signed out) with the catalogue error', async () => {
    wallet.signedIn = false;
    const config = configFor();
    const refused = connect(config, { connector: config.connectors[0]! });
    await expect(refused).rejects.toBeInstanceOf(LatchError);
    await expect(refused).rejects.toMatchObject({ code: 'embedded_wallet_not_found' });
    expect(getAccount(config).status).toBe('disconnected');
  });

  it('reconnects on the next page load, unless the user disconnected', async () => {
    const first = configFor();
    await connect(first, { connector: first.connectors[0]! });
    // The next page load: a new config over the same storage and the same signed-in wallet.
    const listenersOfFirst = wallet.listenerCount();
    const second = configFor();
    await reconnect(second);
    expect(getAccount(second)).toMatchObject({ status: 'connected', address: account.address });
    await disconnect(second);
    expect(getAccount(second).status).toBe('disconnected');
    expect(wallet.listenerCount()).toBe(listenersOfFirst);
    const third = configFor();
    await reconnect(third);
    expect(getAccount(third).status).toBe('disconnected');
  });

  it('reads the provider on each use when given a function (a provider made after the config)', async () => {
    let current: Eip1193Provider | null = null;
    const config = configFor(() => {
      if (!current) throw new LatchError('embedded_wallet_not_found');
      return current;
    });
    current = wallet;
    const result = await connect(config, { connector: config.connectors[0]! });
    expect(result.accounts).toEqual([account.address]);
  });
});
