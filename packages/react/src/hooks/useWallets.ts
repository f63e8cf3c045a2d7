import { type EmbeddedWalletProvider, walletListState } from '@latch/core';
import type { Eip1193Provider } from '@latch/core/wallet';
import { useMemo } from 'react';
import { useClientState, useEmbeddedWalletRuntime, useEmbeddedWalletState } from './index.js';
import { useConnectedExternalWallets } from './useConnectedExternalWallets.js';

/** The user's embedded wallet as `useWallets()` lists it. */
export interface EmbeddedConnectedWallet {
  address: `0x${string}`;
  walletClientType: 'latch';
  connectorType: 'embedded';
  /** True once this device has unlocked (or recovered) the wallet. */
  ready: boolean;
  /** The wallet's EIP-1193 provider, for viem (`custom(provider)`) or wagmi. */
  getEthereumProvider(): Promise<EmbeddedWalletProvider>;
}

/** An external wallet connected in this page (by a wallet login, a link or connect-only mode). */
export interface ExternalConnectedWallet {
  address: `0x${string}`;
  /** CAIP-2, e.g. `eip155:1`; kept current from the wallet's chainChanged. */
  chainId: string;
  walletClientType: string;
  connectorType: string;
  ready: true;
  /** The wallet's own EIP-1193 provider. */
  getEthereumProvider(): Promise<Eip1193Provider>;
  switchChain(chainId: number): Promise<void>;
  /** Forgets the wallet in this page and asks the wallet to end the connection. */
  disconnect(): void;
}

/** A wallet `useWallets()` lists: the embedded one or an external one. */
export type ConnectedWallet = EmbeddedConnectedWallet | ExternalConnectedWallet;

/** The wallets: the signed-in user's embedded wallet (`walletClientType: 'latch'`) first, then the connected external ones. */
export function useWallets(): { ready: boolean; wallets: ConnectedWallet[] } {
  const client = useClientState();
  const runtime = useEmbeddedWalletRuntime();
  const { ready, embedded } = walletListState(client, useEmbeddedWalletState());
  const address = embedded?.address;
  const embeddedReady = embedded?.ready ?? false;
  const external = useConnectedExternalWallets();
  const embeddedList = useMemo<EmbeddedConnectedWallet[]>(
    () =>
      address
        ? [
            {
              address,
              walletClientType: 'latch',
              connectorType: 'embedded',
              ready: embeddedReady,
              getEthereumProvider: async () => runtime.provider,
            },
          ]
        : [],
    [address, embeddedReady, runtime],
  );
  const wallets = useMemo<ConnectedWallet[]>(
    () => [
      ...embeddedList,
      ...external.map(
        (wallet): ExternalConnectedWallet => ({
          address: wallet.address,
          chainId: wallet.chainId,
          walletClientType: wallet.walletClientType,
          connectorType: wallet.connectorType,
          ready: true,
          getEthereumProvider: wallet.getEthereumProvider,
          switchChain: wallet.switchChain,
          disconnect: wallet.disconnect,
        }),
      ),
    ],
    [embeddedList, external],
  );
  return { ready, wallets };
}
