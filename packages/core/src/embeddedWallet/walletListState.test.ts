import type { User } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import type { EmbeddedWalletState } from './embeddedWalletRuntime.js';
import { walletListState } from './walletListState.js';

const ADDRESS = `0x${'a'.repeat(40)}` as const;
const OTHER = `0x${'b'.repeat(40)}` as const;

function user(accounts: Array<Record<string, unknown>>): User {
  return {
    id: 'did:latch:u',
    createdAt: new Date(0),
    linkedAccounts: accounts as unknown as User['linkedAccounts'],
    mfaMethods: [],
    hasAcceptedTerms: true,
  };
}

const withWallet = user([{ type: 'wallet', address: ADDRESS, walletClientType: 'latch', recoveryMethod: 'latch' }]);
const connection = (address: string, status: 'connecting' | 'ready' | 'error'): EmbeddedWalletState['connection'] => ({
  address,
  status,
});

describe('walletListState', () => {
  it('is not ready until the app is', () => {
    expect(walletListState({ status: 'loading', user: null }, { connection: null })).toEqual({
      ready: false,
      embedded: null,
    });
    expect(walletListState({ status: 'error', user: null }, { connection: null }).ready).toBe(false);
  });

  it('is ready with no embedded wallet to wait for (logged out, or an external wallet only)', () => {
    expect(walletListState({ status: 'ready', user: null }, { connection: null })).toEqual({
      ready: true,
      embedded: null,
    });
    const external = user([{ type: 'wallet', address: OTHER, walletClientType: 'metamask' }]);
    expect(walletListState({ status: 'ready', user: external }, { connection: null })).toEqual({
      ready: true,
      embedded: null,
    });
  });

  it('waits while the embedded wallet is connecting on this device, then lists it ready', () => {
    const connecting = walletListState(
      { status: 'ready', user: withWallet },
      { connection: connection(ADDRESS, 'connecting') },
    );
    expect(connecting).toEqual({ ready: false, embedded: { address: ADDRESS, ready: false } });
    const connected = walletListState(
      { status: 'ready', user: withWallet },
      { connection: connection(ADDRESS, 'ready') },
    );
    expect(connected).toEqual({ ready: true, embedded: { address: ADDRESS, ready: true } });
  });

  it('lists the embedded wallet not ready when it failed, or before this device connected it', () => {
    expect(
      walletListState({ status: 'ready', user: withWallet }, { connection: connection(ADDRESS, 'error') }),
    ).toEqual({ ready: true, embedded: { address: ADDRESS, ready: false } });
    expect(walletListState({ status: 'ready', user: withWallet }, { connection: null })).toEqual({
      ready: true,
      embedded: { address: ADDRESS, ready: false },
    });
  });

  it("does not count another address's connection as the user's wallet", () => {
    expect(
      walletListState({ status: 'ready', user: withWallet }, { connection: connection(OTHER, 'ready') }).embedded,
    ).toEqual({ address: ADDRESS, ready: false });
  });
});
