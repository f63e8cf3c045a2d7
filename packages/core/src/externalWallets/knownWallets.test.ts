import { describe, expect, it } from 'vitest';
import { KNOWN_WALLETS, SMART_WALLET, smartWalletSupportsChain } from './knownWallets.js';

describe('known wallets (SPEC §3)', () => {
  it('about a dozen well-known wallets have built-in display names', () => {
    expect(KNOWN_WALLETS.length).toBeGreaterThanOrEqual(12);
    for (const wallet of KNOWN_WALLETS) expect(wallet.name).not.toBe('');
  });

  it('one smart-wallet type supports 10 chain ids', () => {
    expect(SMART_WALLET).toEqual({
      walletClientType: 'coinbase_smart_wallet',
      name: 'Coinbase Smart Wallet',
      chainIds: [1, 10, 56, 137, 8453, 42161, 43114, 7777777, 84532, 11155111],
    });
    expect(new Set(SMART_WALLET.chainIds).size).toBe(10);
    expect(smartWalletSupportsChain(8453)).toBe(true);
    expect(smartWalletSupportsChain(84532)).toBe(true);
    // Not on the list: a dev chain, Arbitrum Nova.
    expect(smartWalletSupportsChain(31337)).toBe(false);
    expect(smartWalletSupportsChain(42170)).toBe(false);
  });
});
