import type { User } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import { createEmbeddedWalletProvider } from './embeddedWalletProvider.js';

const ADDRESS = `0x${'d'.repeat(40)}`;
const owner = {
  id: 'did:latch:u',
  linkedAccounts: [{ type: 'wallet', address: ADDRESS, walletClientType: 'latch', recoveryMethod: 'latch' }],
} as unknown as User;
const noWallet = { id: 'did:latch:v', linkedAccounts: [] } as unknown as User;

function setup(user: User | null = owner) {
  const prompts: string[] = [];
  const signed: unknown[] = [];
  const provider = createEmbeddedWalletProvider({
    getUser: () => user,
    controller: {
      signMessage: async (_u, message) => {
        signed.push(message);
        return '0x01';
      },
      signTypedData: async (_u, data) => {
        signed.push(data);
        return '0x02';
      },
    },
    sign: (kind, _payload, run) => {
      prompts.push(kind);
      return run();
    },
  });
  return { provider, prompts, signed };
}

describe('embedded wallet EIP-1193 provider', () => {
  it('lists the wallet, reports the chain and signs through the prompt', async () => {
    const t = setup();
    expect(await t.provider.request({ method: 'eth_requestAccounts' })).toEqual([ADDRESS]);
    expect(await t.provider.request({ method: 'eth_chainId' })).toBe('0x1');
    expect(await t.provider.request({ method: 'personal_sign', params: ['hi', ADDRESS] })).toBe('0x01');
    expect(await t.provider.request({ method: 'eth_signTypedData_v4', params: [ADDRESS, '{}'] })).toBe('0x02');
    expect(t.prompts).toEqual(['message', 'typedData']);
  });

  it('refuses an empty or non-string message with invalid_message, before any prompt', async () => {
    const t = setup();
    for (const message of ['', 42, undefined]) {
      await expect(t.provider.request({ method: 'personal_sign', params: [message, ADDRESS] })).rejects.toMatchObject({
        code: 'invalid_message',
      });
    }
    expect(t.prompts).toEqual([]);
    expect(t.signed).toEqual([]);
  });

  it('answers embedded_wallet_not_found for a user without one, and must_be_authenticated when logged out', async () => {
    const t = setup(noWallet);
    expect(await t.provider.request({ method: 'eth_accounts' })).toEqual([]);
    await expect(t.provider.request({ method: 'personal_sign', params: ['hi'] })).rejects.toMatchObject({
      code: 'embedded_wallet_not_found',
    });
    await expect(setup(null).provider.request({ method: 'personal_sign', params: ['hi'] })).rejects.toMatchObject({
      code: 'must_be_authenticated',
    });
    expect(t.prompts).toEqual([]);
  });

  it('refuses to sign for another account (4100) and unknown methods (4200)', async () => {
    const t = setup();
    const other = `0x${'e'.repeat(40)}`;
    await expect(t.provider.request({ method: 'personal_sign', params: ['hi', other] })).rejects.toMatchObject({
      code: 4100,
    });
    await expect(t.provider.request({ method: 'eth_signTypedData_v4', params: [other, '{}'] })).rejects.toMatchObject({
      code: 4100,
    });
    await expect(t.provider.request({ method: 'eth_sign', params: [] })).rejects.toMatchObject({
      code: 4200,
    });
    expect(t.signed).toEqual([]);
  });
});

describe('embedded wallet provider: a signature loads with its first request', () => {
  it('refuses (4001) a request whose user logged out while it loaded, without a prompt or a signature', async () => {
    let user: User | null = owner;
    const prompts: string[] = [];
    const provider = createEmbeddedWalletProvider({
      getUser: () => user,
      controller: { signMessage: async () => '0x01', signTypedData: async () => '0x02' },
      sign: (kind, _payload, run) => {
        prompts.push(kind);
        return run();
      },
    });
    const signature = provider.request({ method: 'personal_sign', params: ['hi', ADDRESS] });
    user = null;
    await expect(signature).rejects.toMatchObject({ code: 4001 });
    expect(prompts).toEqual([]);
  });
});

describe('embedded wallet provider: chains and events', () => {
  it('reports the host default chain; without chain calls, switching and reads are 4200', async () => {
    const provider = createEmbeddedWalletProvider({
      getUser: () => owner,
      controller: { signMessage: async () => '0x01', signTypedData: async () => '0x02' },
      chains: () => ({ supportedChains: [8453, 10] }),
    });
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x2105');
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] }),
    ).rejects.toMatchObject({ code: 4200 });
    await expect(provider.request({ method: 'eth_blockNumber' })).rejects.toMatchObject({ code: 4200 });
  });

  it('emits connect and accountsChanged when a wallet user signs in, and disconnect on logout; removeListener stops them', () => {
    let user: User | null = null;
    const listeners = new Set<() => void>();
    const provider = createEmbeddedWalletProvider({
      getUser: () => user,
      controller: { signMessage: async () => '0x01', signTypedData: async () => '0x02' },
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    });
    const events: [string, unknown][] = [];
    const on = (name: string) => (value: unknown) => events.push([name, value]);
    const accounts = on('accountsChanged');
    provider.on('accountsChanged', accounts);
    provider.on('connect', on('connect'));
    provider.on('disconnect', (error) => events.push(['disconnect', (error as { code: number }).code]));
    const change = (next: User | null) => {
      user = next;
      for (const listener of listeners) listener();
    };
    change(owner);
    change(owner);
    change(null);
    expect(events).toEqual([
      ['accountsChanged', [ADDRESS]],
      ['connect', { chainId: '0x1' }],
      ['accountsChanged', []],
      ['disconnect', 4900],
    ]);
    provider.removeListener('accountsChanged', accounts);
    change(owner);
    expect(events.filter(([name]) => name === 'accountsChanged')).toHaveLength(2);
  });
});
