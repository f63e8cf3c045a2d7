import type { Eip1193Provider, EmbeddedWalletProvider } from '@latch/core';
import { LatchError } from '@latch/protocol';
import { useCallback } from 'react';
import { useWallets } from './useWallets.js';

/** The wallet a sign call uses: the embedded one (its screens, its UI options) or a connected external one. */
type WalletForAddress =
  | { kind: 'embedded'; address: `0x${string}`; provider: EmbeddedWalletProvider }
  | { kind: 'external'; address: `0x${string}`; provider: Eip1193Provider };

/**
 * Finds the wallet that signs for `address` among the user's wallets in this page (useWallets): without an
 * address the embedded wallet; an address no listed wallet has → wallet_address_not_found.
 */
export function useWalletForAddress(): (address?: string) => Promise<WalletForAddress> {
  const { wallets } = useWallets();
  return useCallback(
    async (address?: string) => {
      const wallet =
        address === undefined
          ? wallets.find((w) => w.walletClientType === 'latch')
          : wallets.find((w) => w.address.toLowerCase() === address.toLowerCase());
      if (!wallet) {
        if (address === undefined) throw new LatchError('embedded_wallet_not_found');
        throw new LatchError('wallet_address_not_found');
      }
      if (wallet.walletClientType === 'latch')
        return {
          kind: 'embedded',
          address: wallet.address,
          provider: (await wallet.getEthereumProvider()) as EmbeddedWalletProvider,
        };
      return {
        kind: 'external',
        address: wallet.address,
        provider: (await wallet.getEthereumProvider()) as Eip1193Provider,
      };
    },
    [wallets],
  );
}

/** A transaction for an external wallet's JSON-RPC: from the chosen wallet, numbers and bigints as hex quantities. */
export function rpcTransaction(from: string, request: object): Record<string, unknown> {
  const hex = (value: unknown) =>
    typeof value === 'bigint' || typeof value === 'number' ? `0x${value.toString(16)}` : value;
  const entries = Object.entries(request).map(([key, value]) => [key, key === 'type' ? value : hex(value)]);
  return { from, ...Object.fromEntries(entries) };
}
