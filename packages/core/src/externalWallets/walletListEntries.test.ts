import { describe, expect, it } from 'vitest';
import type { DiscoveredWallet } from './discoverWallets.js';
import { walletListEntries } from './walletListEntries.js';

const found = (id: string, walletClientType: string, name: string): DiscoveredWallet => ({
  id,
  name,
  icon: 'data:,',
  rdns: null,
  walletClientType,
  source: 'eip6963',
  provider: { request: async () => null },
});

const summary = (entries: ReturnType<typeof walletListEntries>) =>
  entries.map((e) => `${e.name}${e.installed ? '' : ' (install)'}${e.walletId ? ` #${e.walletId}` : ''}`);

describe('walletListEntries', () => {
  it('keeps the host order: named wallets found or to install, detected ones, WalletConnect', () => {
    const discovered = [found('a', 'rabby_wallet', 'Rabby Wallet'), found('b', 'metamask', 'MetaMask')];
    expect(
      summary(walletListEntries(['metamask', 'phantom', 'detected_wallets', 'wallet_connect'], discovered)),
    ).toEqual(['MetaMask #b', 'Phantom (install)', 'Rabby Wallet #a', 'WalletConnect']);
  });

  it('uses the default list when the host names none', () => {
    expect(
      summary(walletListEntries([], [found('z', 'zerion', 'Zerion'), found('m', 'metamask', 'MetaMask')])),
    ).toEqual(['Zerion #z', 'MetaMask #m', 'Coinbase Wallet (install)', 'Rainbow (install)', 'WalletConnect']);
  });

  it('lists an unknown named wallet by its id, and never lists a wallet twice', () => {
    const discovered = [found('x', 'metamask', 'MetaMask')];
    expect(summary(walletListEntries(['metamask', 'metamask', 'some_wallet'], discovered))).toEqual([
      'MetaMask #x',
      'some_wallet (install)',
    ]);
  });
});
