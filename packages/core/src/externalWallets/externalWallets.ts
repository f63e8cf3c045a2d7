import type { FlowContext } from '../auth/flowTypes.js';
import type { Clock } from '../clock.js';
import { type ConnectedWallets, createConnectedWallets } from './connectedWallets.js';
import {
  type DiscoveredWallet,
  type DiscoveryTarget,
  discoverWallets,
  type WalletDiscovery,
} from './discoverWallets.js';
import { createInjectedConnector, type WalletConnector } from './injectedConnector.js';
import { createWalletHelp, WALLET_CONNECT_ID, type WalletHelp } from './phantomScreens.js';
import {
  createWalletConnectConnector,
  createWalletConnectPairing,
  type WalletConnectOptions,
  type WalletConnectPairing,
} from './walletConnectConnector.js';
import { requiresManualSign } from './walletConnection.js';
import {
  createWalletConnectionRunner,
  type WalletConnectionActions,
  type WalletConnectionRunner,
  type WalletFlowHandlers,
} from './walletConnectionRunner.js';
import type { WalletIntent } from './walletConnectionTypes.js';

/** Options of `createExternalWallets`. */
export interface ExternalWalletsOptions {
  actions: WalletConnectionActions;
  clock: Clock;
  handlers: () => WalletFlowHandlers;
  /** The page (default: `window`; none during SSR). */
  target?: DiscoveryTarget | null;
  /** Request timeouts by wallet client type, overriding the 120000 ms default (SPEC §9). */
  requestTimeouts?: Readonly<Record<string, number>>;
  /** WalletConnect's settings, read when it is chosen (the app's project id arrives with the app config). */
  walletConnect?: () => Pick<WalletConnectOptions, 'projectId' | 'chainIds' | 'metadata' | 'relayUrl' | 'load'>;
}

/** Everything the widget needs for external wallets: discovery, the connection flow and the connected list. */
export interface ExternalWallets {
  discovery: WalletDiscovery;
  connected: ConnectedWallets;
  runner: WalletConnectionRunner;
  /** The wallet the install-help screens are about. */
  help: WalletHelp;
  /** WalletConnect's pairing URI while it pairs, for the QR code. */
  walletConnectPairing: WalletConnectPairing;
  /** Starts the flow for a discovered wallet (or WalletConnect, `WALLET_CONNECT_ID`). */
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
  const help = createWalletHelp();
  const walletConnectPairing = createWalletConnectPairing();

  const connectorFor = (walletId: string): WalletConnector | undefined => {
    const known = connectors.get(walletId);
    if (known) return known;
    if (walletId === WALLET_CONNECT_ID) {
      const settings = options.walletConnect?.();
      if (!settings) return undefined;
      const connector = recording(
        createWalletConnectConnector({
          ...settings,
          clock: options.clock,
          requestTimeoutMs: options.requestTimeouts?.wallet_connect,
          onDisplayUri: (uri) => walletConnectPairing.set(uri),
        }),
      );
      connectors.set(walletId, connector);
      return connector;
    }
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
    help,
    walletConnectPairing,
    select(walletId, { intent, isMobile, context, supportedChainIds }) {
      const connector = connectorFor(walletId);
      if (!connector) return false;
      // A new connection pairs anew: the previous URI's QR code must not show.
      if (walletId === WALLET_CONNECT_ID) walletConnectPairing.set(null);
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
      void connectors.get(WALLET_CONNECT_ID)?.disconnect();
      runner.destroy();
      discovery.stop();
      connected.clear();
    },
  };
}
