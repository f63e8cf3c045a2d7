import { TIMEOUT } from '@latch/protocol';
import { type Clock, systemClock } from '../clock.js';
import type { DiscoveredWallet } from './discoverWallets.js';
import { type Eip1193Provider, WalletProviderError } from './eip1193.js';
import { utf8ToHex } from './utf8ToHex.js';
import { type WalletTimeoutError, withTimeout } from './withTimeout.js';

/** A connected account: the address as the wallet gave it and the chain it is on. */
export interface WalletConnection {
  address: `0x${string}`;
  chainId: number;
}

/** An external wallet Latch can connect to and ask for signatures (SPEC §3 "Wallet connector"). */
export interface WalletConnector {
  readonly id: string;
  readonly name: string;
  readonly icon: string | null;
  readonly walletClientType: string;
  readonly connectorType: string;
  readonly provider: Eip1193Provider;
  /** Checks the wallet answers at all (`eth_chainId`) within the connector initialisation timeout (1500 ms). */
  initialize(): Promise<void>;
  /** Asks for the accounts (`eth_requestAccounts`) under the request timeout; the first is connected. */
  connect(): Promise<WalletConnection>;
  getChainId(): Promise<number>;
  /** `wallet_switchEthereumChain` to `chainId`. */
  switchChain(chainId: number): Promise<void>;
  /** `personal_sign` of a UTF-8 message (SPEC §7: params [message, address]). */
  signMessage(address: string, message: string): Promise<`0x${string}`>;
  /** Ends the connection on the wallet's side where it can (best effort; failures are ignored). */
  disconnect(): Promise<void>;
}

/** Timeouts of a connector; the request timeout is overridable per wallet (SPEC §9). */
export interface ConnectorTimeouts {
  requestTimeoutMs?: number;
  initializationTimeoutMs?: number;
}

const HEX = /^0x[0-9a-fA-F]+$/;

function parseChainId(value: unknown): number {
  const id = typeof value === 'string' && HEX.test(value) ? Number.parseInt(value, 16) : Number(value);
  if (!Number.isSafeInteger(id) || id <= 0)
    throw new WalletProviderError(-32603, 'The wallet answered an invalid chain id.');
  return id;
}

/** A connector for an injected EIP-1193 wallet (announced over EIP-6963 or found at `window.ethereum`). */
export function createInjectedConnector(
  wallet: DiscoveredWallet,
  options: ConnectorTimeouts & { clock?: Clock } = {},
): WalletConnector {
  const clock = options.clock ?? systemClock;
  const requestTimeout = options.requestTimeoutMs ?? TIMEOUT.walletRequest;
  const initTimeout = options.initializationTimeoutMs ?? TIMEOUT.connectorInitialization;
  const { provider } = wallet;
  const request = (
    method: string,
    params?: unknown[],
    ms = requestTimeout,
    kind: WalletTimeoutError['kind'] = 'request',
  ) =>
    withTimeout(
      // Asked synchronously (a throw becomes a rejection): a personal_sign from a tap must reach the wallet
      // within that tap for Safari and popup wallets to open.
      new Promise<unknown>((resolve) => resolve(provider.request(params ? { method, params } : { method }))),
      ms,
      clock,
      kind,
    );

  return {
    id: wallet.id,
    name: wallet.name,
    icon: wallet.icon,
    walletClientType: wallet.walletClientType,
    connectorType: 'injected',
    provider,
    async initialize() {
      parseChainId(await request('eth_chainId', undefined, initTimeout, 'connectorInitialization'));
    },
    async connect() {
      const accounts = await request('eth_requestAccounts');
      const address = Array.isArray(accounts) ? accounts[0] : undefined;
      // An empty answer is what a locked wallet gives (4100: 'wallet might be locked').
      if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address)) {
        throw new WalletProviderError(4100, 'The wallet returned no account.');
      }
      const chainId = parseChainId(await request('eth_chainId'));
      return { address: address as `0x${string}`, chainId };
    },
    async getChainId() {
      return parseChainId(await request('eth_chainId'));
    },
    async switchChain(chainId) {
      await request('wallet_switchEthereumChain', [{ chainId: `0x${chainId.toString(16)}` }]);
    },
    async disconnect() {
      // EIP-2255 revocation (MetaMask and others); wallets without it keep the site connected.
      await request('wallet_revokePermissions', [{ eth_accounts: {} }]).catch(() => undefined);
    },
    async signMessage(address, message) {
      const signature = await request('personal_sign', [utf8ToHex(message), address]);
      if (typeof signature !== 'string' || !HEX.test(signature)) {
        throw new WalletProviderError(-32603, 'The wallet answered an invalid signature.');
      }
      return signature as `0x${string}`;
    },
  };
}
