import { caip2ChainId, LatchError } from '@latch/protocol';
import type { Eip1193Provider } from './eip1193.js';
import type { WalletConnection, WalletConnector } from './injectedConnector.js';

/** A connected external wallet as the host sees it (what `useWallets()` lists). */
export interface ConnectedWallet {
  /** The connector it came through. */
  connectorId: string;
  address: `0x${string}`;
  /** CAIP-2, e.g. `eip155:1`. */
  chainId: string;
  walletClientType: string;
  connectorType: string;
  /** The wallet's own EIP-1193 provider (async, like the embedded wallet's, so hosts treat both alike). */
  getEthereumProvider(): Promise<Eip1193Provider>;
  switchChain(chainId: number): Promise<void>;
  /** Forgets the wallet here and asks the wallet to end the connection (best effort). */
  disconnect(): void;
}

/** The wallets connected in this page, kept current from their providers' events. */
export interface ConnectedWallets {
  list(): ConnectedWallet[];
  subscribe(listener: () => void): () => void;
  /** Records a connection (replacing an earlier one of the same connector). */
  add(connector: WalletConnector, connection: WalletConnection): ConnectedWallet;
  /** Forgets every wallet (logout, destroy). */
  clear(): void;
}

interface Entry {
  wallet: ConnectedWallet;
  unlisten(): void;
}

const parseChain = (value: unknown): number | null => {
  const id = typeof value === 'string' ? Number.parseInt(value, value.startsWith('0x') ? 16 : 10) : Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** Creates the registry of connected external wallets. */
export function createConnectedWallets(): ConnectedWallets {
  const entries = new Map<string, Entry>();
  const listeners = new Set<() => void>();
  let snapshot: ConnectedWallet[] = [];
  const changed = () => {
    snapshot = [...entries.values()].map((entry) => entry.wallet);
    for (const listener of [...listeners]) listener();
  };
  const remove = (connectorId: string) => {
    const entry = entries.get(connectorId);
    if (!entry) return;
    entry.unlisten();
    entries.delete(connectorId);
    changed();
  };
  const update = (connectorId: string, fields: Partial<Pick<ConnectedWallet, 'address' | 'chainId'>>) => {
    const entry = entries.get(connectorId);
    if (!entry) return;
    entry.wallet = { ...entry.wallet, ...fields };
    changed();
  };

  return {
    list: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    add(connector, connection) {
      entries.get(connector.id)?.unlisten();
      const { provider } = connector;
      const onAccounts = (...args: unknown[]) => {
        const accounts = args[0];
        const first = Array.isArray(accounts) ? accounts[0] : undefined;
        if (typeof first === 'string' && /^0x[0-9a-fA-F]{40}$/.test(first)) {
          update(connector.id, { address: first as `0x${string}` });
        } else remove(connector.id);
      };
      const onChain = (...args: unknown[]) => {
        const id = parseChain(args[0]);
        if (id !== null) update(connector.id, { chainId: caip2ChainId(id) });
      };
      const onDisconnect = () => remove(connector.id);
      provider.on?.('accountsChanged', onAccounts);
      provider.on?.('chainChanged', onChain);
      provider.on?.('disconnect', onDisconnect);
      const wallet: ConnectedWallet = {
        connectorId: connector.id,
        address: connection.address,
        chainId: caip2ChainId(connection.chainId),
        walletClientType: connector.walletClientType,
        connectorType: connector.connectorType,
        getEthereumProvider: async () => provider,
        async switchChain(chainId) {
          await connector.switchChain(chainId);
          update(connector.id, { chainId: caip2ChainId(chainId) });
        },
        disconnect() {
          remove(connector.id);
          void connector.disconnect();
        },
      };
      entries.set(connector.id, {
        wallet,
        unlisten() {
          provider.removeListener?.('accountsChanged', onAccounts);
          provider.removeListener?.('chainChanged', onChain);
          provider.removeListener?.('disconnect', onDisconnect);
        },
      });
      changed();
      return entries.get(connector.id)!.wallet;
    },
    clear() {
      for (const entry of entries.values()) entry.unlisten();
      entries.clear();
      changed();
    },
  };
}

/** SPEC §5: connectOrCreateWallet needs an unauthenticated user with no connected wallets. */
export function assertCanConnectOrCreate(authenticated: boolean, connected: readonly ConnectedWallet[]): void {
  if (authenticated || connected.length > 0) {
    throw new LatchError(
      'invalid_data',
      'connectOrCreateWallet requires an unauthenticated user with no connected wallets.',
    );
  }
}
