import { type EmbeddedWalletProvider, embeddedWalletOf } from '@latch/core';
import { useMemo } from 'react';
import { useClientState } from '../hooks.js';
import { useEmbeddedWalletRuntime, useEmbeddedWalletState } from './EmbeddedWalletContext.js';

/** One wallet of the signed-in user as `useWallets()` lists it. */
export interface ConnectedWallet {
  address: `0x${string}`;
  walletClientType: 'latch';
  connectorType: 'embedded';
  /** True once this device has unlocked (or recovered) the wallet. */
  ready: boolean;
  /** The wallet's EIP-1193 provider, for viem (`custom(provider)`) or wagmi. */
  getEthereumProvider(): Promise<EmbeddedWalletProvider>;
}

/** The signed-in user's wallets: the embedded wallet (`walletClientType: 'latch'`) when there is one. */
export function useWallets(): { ready: boolean; wallets: ConnectedWallet[] } {
  const { user, status } = useClientState();
  const runtime = useEmbeddedWalletRuntime();
  const { connection } = useEmbeddedWalletState();
  const embedded = embeddedWalletOf(user);
  const ready = status === 'ready' && (!embedded || connection?.status !== 'connecting');
  const address = embedded?.address;
  const wallets = useMemo<ConnectedWallet[]>(
    () =>
      address
        ? [
            {
              address,
              walletClientType: 'latch',
              connectorType: 'embedded',
              ready: connection?.address === address && connection.status === 'ready',
              getEthereumProvider: async () => runtime.provider,
            },
          ]
        : [],
    [address, connection, runtime],
  );
  return { ready, wallets };
}
