import { useMemo } from 'react';
import { useConfig } from 'wagmi';
import { latchWagmiBindingOf } from './latchWagmiBinding.js';

/** Chooses which of the user's wallets (`useWallets()`) wagmi uses; resolves once wagmi is connected to it. */
export function useSetActiveWallet(): { setActiveWallet(wallet: { address: `0x${string}` }): Promise<void> } {
  const binding = latchWagmiBindingOf(useConfig());
  return useMemo(() => ({ setActiveWallet: (wallet) => binding.choose(wallet.address) }), [binding]);
}
