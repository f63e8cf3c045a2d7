import type { Clock } from '../clock.js';
import type { FlowContext } from '../flows/flowTypes.js';
import { requiresManualSign } from '../flows/walletConnection.js';
import { type ConnectedWallets, createConnectedWallets } from './connectedWallets.js';
import {
  type DiscoveredWallet,
  type DiscoveryTarget,
  discoverWallets,
  type WalletDiscovery,
} from './discoverWallets.js';
import { createInjectedConnector, type WalletConnector } from './injectedConnector.js';
import {
  createWalletConnectionRunner,
  type WalletConnectionRunner,
  type WalletFlowActions,
  type WalletFlowHandlers,
} from './walletConnectionRunner.js';
import type { WalletIntent } from './walletFlowTypes.js';

/** Options of `createExternalWallets`. */
export interface ExternalWalletsOptions {
  actions: WalletFlowActions;
  clock: Clock;
  handlers: () => WalletFlowHandlers;
  /** The page (default: `window`; none during SSR). */
  target?: DiscoveryTarget | null;
  /** Request timeouts by wallet client type, overriding the 120000 ms default (SPEC §9). */
  requestTimeouts?: Readonly<Record<string, number>>;
}

/** Everything the widget needs for external wallets: discovery, the connection flow and the connected list. */
export interface ExternalWallets {
  discovery: WalletDiscovery;
  connected: ConnectedWallets;
  runner: WalletConnectionRunner;
  /** Starts the flow for a discovered wallet. */
  select(
    walletId: string,
    options: { intent: WalletIntent; isMobile: boolean; context: FlowContext; supportedChainIds?: readonly number[] },
  ): boolean;
  destroy(): void;
}

/** Wires discovery, connectors, the wallet connection flow and the connected-wallets registry together. */
export function createExternalWallets(options: ExternalWalletsOptions): ExternalWallets {
  const discovery = discoverWallets({ target: options.target, clock: options.clock });
  const connected = createConnectedWallets();
  const connectors = new Map<string, WalletConnector>();

  const connectorFor = (walletId: string): WalletConnector | undefined => {
    const known = connectors.get(walletId);
    if (known) return known;
    const wallet = discovery.wallets().find((w) => w.id === walletId);
    if (!wallet) return undefined;
    const connector = recording(
      createInjectedConnector(wallet, {
        clock: options.clock,
        requestTimeoutMs: options.requestTimeouts?.[wallet.walletClientType],
      }),
    );
    connectors.set(walletId, connector);
    return connector;
  };

  // A successful connect is recorded in the connected list, whatever the intent; a chain switch updates it
  // even for wallets that do not emit chainChanged.
  const recording = (connector: WalletConnector): WalletConnector => ({
    ...connector,
    async connect() {
      const connection = await connector.connect();
      connected.add(connector, connection);
      return connection;
    },
    async switchChain(chainId) {
      const listed = connected.list().find((wallet) => wallet.connectorId === connector.id);
      await (listed ? listed.switchChain(chainId) : connector.switchChain(chainId));
    },
  });

  const runner = createWalletConnectionRunner({
    connectorFor,
    actions: options.actions,
    clock: options.clock,
    handlers: options.handlers,
  });

  return {
    discovery,
    connected,
    runner,
    select(walletId, { intent, isMobile, context, supportedChainIds }) {
      const connector = connectorFor(walletId);
      if (!connector) return false;
      const wallet: DiscoveredWallet | undefined = discovery.wallets().find((w) => w.id === walletId);
      runner.dispatch({
        type: 'select',
        wallet: {
          id: walletId,
          name: wallet?.name ?? connector.name,
          walletClientType: connector.walletClientType,
          connectorType: connector.connectorType,
        },
        intent,
        manualSign: requiresManualSign({ isMobile, connectorType: connector.connectorType }),
        supportedChainIds,
        context,
      });
      return true;
    },
    destroy() {
      runner.destroy();
      discovery.stop();
      connected.clear();
    },
  };
}
