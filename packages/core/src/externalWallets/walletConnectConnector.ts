import { LatchError, TIMEOUT } from '@latch/protocol';
import { type Clock, systemClock } from '../clock.js';
import { type Eip1193Provider, WalletProviderError } from './eip1193.js';
import type { WalletConnection, WalletConnector } from './injectedConnector.js';
import { utf8ToHex } from './utf8ToHex.js';
import { withTimeout } from './withTimeout.js';

type Listener = (...args: unknown[]) => void;

/** What this connector uses of `@walletconnect/universal-provider` (structural: the package loads only when chosen). */
export interface WalletConnectProviderLike {
  connect(options: {
    optionalNamespaces: Record<string, { methods: string[]; chains: string[]; events: string[] }>;
  }): Promise<{ namespaces: Record<string, { accounts: string[] }> } | undefined>;
  request<T = unknown>(args: { method: string; params?: unknown }, chain?: string): Promise<T>;
  on(event: string, listener: Listener): void;
  removeListener(event: string, listener: Listener): void;
  disconnect(): Promise<void>;
}

/** Initialises a provider (the package's `UniversalProvider.init`). */
export type WalletConnectInit = (options: {
  projectId: string;
  metadata: WalletConnectMetadata;
  relayUrl?: string;
}) => Promise<WalletConnectProviderLike>;

/** How the dapp presents itself in the wallet. */
export interface WalletConnectMetadata {
  name: string;
  description: string;
  url: string;
  icons: string[];
}

/** Options of `createWalletConnectConnector`. */
export interface WalletConnectOptions {
  /** The app's `wallet_connect_cloud_project_id`. */
  projectId: string | null | undefined;
  /** The chains to ask for; the first is where signing happens until the wallet says otherwise. */
  chainIds: readonly number[];
  metadata: WalletConnectMetadata;
  /** Called with the pairing URI to show as a QR code (or open as a deep link). */
  onDisplayUri(uri: string): void;
  clock?: Clock;
  requestTimeoutMs?: number;
  initializationTimeoutMs?: number;
  /** The relay's WebSocket address; the package's default (WalletConnect's public relay) when absent. */
  relayUrl?: string;
  /** Loads the provider package (default: a dynamic import, so it is not in the initial JavaScript). */
  load?: () => Promise<WalletConnectInit>;
}

const METHODS = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_switchEthereumChain'];
const EVENTS = ['chainChanged', 'accountsChanged'];

const defaultLoad = async (): Promise<WalletConnectInit> => {
  const { UniversalProvider } = await import('@walletconnect/universal-provider');
  return (options) => UniversalProvider.init(options) as unknown as Promise<WalletConnectProviderLike>;
};

/** Reads `eip155:<chain>:<address>` accounts of a session. */
function firstAccount(accounts: readonly string[] | undefined): WalletConnection {
  const match = accounts?.[0]?.match(/^eip155:(\d+):(0x[0-9a-fA-F]{40})$/);
  if (!match) throw new WalletProviderError(4100, 'The wallet approved no EVM account.');
  return { chainId: Number(match[1]), address: match[2] as `0x${string}` };
}

/** A WalletConnect v2 connector: pairing by QR code or deep link, then requests through the relay. */
export function createWalletConnectConnector(options: WalletConnectOptions): WalletConnector {
  const clock = options.clock ?? systemClock;
  const requestTimeout = options.requestTimeoutMs ?? TIMEOUT.walletRequest;
  const initTimeout = options.initializationTimeoutMs ?? TIMEOUT.connectorInitialization;
  let wc: WalletConnectProviderLike | null = null;
  let chainId = options.chainIds[0] ?? 1;

  const ready = (): WalletConnectProviderLike => {
    if (!wc) throw new WalletProviderError(4900, 'WalletConnect is not initialised.');
    return wc;
  };
  const request = <T>(method: string, params?: unknown) =>
    withTimeout(ready().request<T>({ method, params }, `eip155:${chainId}`), requestTimeout, clock, 'request');

  const provider: Eip1193Provider = {
    request: (args) => request(args.method, args.params),
    on: (event, listener) => ready().on(event, listener),
    // After disconnect there is nothing left to unsubscribe from.
    removeListener: (event, listener) => wc?.removeListener(event, listener),
  };

  return {
    id: 'wallet_connect',
    name: 'WalletConnect',
    icon: null,
    walletClientType: 'wallet_connect',
    connectorType: 'wallet_connect_v2',
    provider,
    async initialize() {
      if (wc) return;
      if (!options.projectId) {
        throw new LatchError('invalid_data', "WalletConnect needs the app's wallet_connect_cloud_project_id.");
      }
      const init = await (options.load ?? defaultLoad)();
      const created = await withTimeout(
        init({
          projectId: options.projectId,
          metadata: options.metadata,
          ...(options.relayUrl ? { relayUrl: options.relayUrl } : {}),
        }),
        initTimeout,
        clock,
        'connectorInitialization',
      );
      created.on('display_uri', (uri) => {
        if (typeof uri === 'string') options.onDisplayUri(uri);
      });
      created.on('chainChanged', (id) => {
        const next = Number(typeof id === 'string' && id.startsWith('0x') ? Number.parseInt(id, 16) : id);
        if (Number.isSafeInteger(next) && next > 0) chainId = next;
      });
      wc = created;
    },
    async connect() {
      const chains = (options.chainIds.length > 0 ? options.chainIds : [chainId]).map((id) => `eip155:${id}`);
      const session = await withTimeout(
        ready().connect({ optionalNamespaces: { eip155: { methods: METHODS, chains, events: EVENTS } } }),
        requestTimeout,
        clock,
        'request',
      );
      const connection = firstAccount(session?.namespaces.eip155?.accounts);
      chainId = connection.chainId;
      return connection;
    },
    async getChainId() {
      return chainId;
    },
    async switchChain(next) {
      await request('wallet_switchEthereumChain', [{ chainId: `0x${next.toString(16)}` }]);
      chainId = next;
    },
    async disconnect() {
      const current = wc;
      wc = null;
      await current?.disconnect().catch(() => undefined);
    },
    async signMessage(address, message) {
      const signature = await request<string>('personal_sign', [utf8ToHex(message), address]);
      if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(signature)) {
        throw new WalletProviderError(-32603, 'The wallet answered an invalid signature.');
      }
      return signature as `0x${string}`;
    },
  };
}

/** The pairing URI of the WalletConnect connection in progress, for the QR code (or the wallet deep link). */
export interface WalletConnectPairing {
  uri(): string | null;
  subscribe(listener: () => void): () => void;
  set(uri: string | null): void;
}

/** A `WalletConnectPairing` holder: `set` it from the connector's `onDisplayUri`, clear it when the flow ends. */
export function createWalletConnectPairing(): WalletConnectPairing {
  let current: string | null = null;
  const listeners = new Set<() => void>();
  return {
    uri: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(uri) {
      if (uri === current) return;
      current = uri;
      for (const listener of [...listeners]) listener();
    },
  };
}

/** How the page presents itself to the wallet: the app's name and logo, the page's origin. */
export function walletConnectMetadata(app: { name: string; logo?: string }, origin: string): WalletConnectMetadata {
  return { name: app.name, description: app.name, url: origin, icons: app.logo ? [app.logo] : [] };
}
