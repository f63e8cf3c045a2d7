import { LatchError, type User } from '@latch/protocol';
import type { ChainOptions } from '@latch/protocol/chains';
import { WalletProviderError } from '../externalWallets/eip1193.js';
import type { ChainCalls } from './embeddedWalletChainCalls.js';
import type { EmbeddedWalletController } from './embeddedWalletController.js';
import { embeddedWalletOf } from './embeddedWalletController.js';
import type { SendTransactionUiOptions } from './sendTransactionState.js';
import type { SignUiOptions } from './signRequestFlow.js';

/** An EIP-1193 request. */
export interface Eip1193Request {
  method: string;
  params?: readonly unknown[] | Record<string, unknown>;
}

type Listener = (...args: unknown[]) => void;

/** The embedded wallet's EIP-1193 provider (viem's `custom` transport, wagmi's connector, ethers' BrowserProvider). */
export interface EmbeddedWalletProvider {
  request(request: Eip1193Request): Promise<unknown>;
  /** EIP-1193 events: connect, accountsChanged, chainChanged, disconnect. */
  on(event: string, listener: Listener): EmbeddedWalletProvider;
  removeListener(event: string, listener: Listener): EmbeddedWalletProvider;
  /** Sends with SPEC §3's transaction UI options on the send screen (eth_sendTransaction takes none). */
  sendTransaction(request: Record<string, unknown>, uiOptions?: SendTransactionUiOptions): Promise<`0x${string}`>;
  /** Signs without sending (eth_signTransaction), with the same review screen and its UI options. */
  signTransaction(request: Record<string, unknown>, uiOptions?: SendTransactionUiOptions): Promise<`0x${string}`>;
  /** personal_sign with the host's texts on the sign request screen (title, description, button text). */
  signMessage(message: string, uiOptions?: SignUiOptions): Promise<`0x${string}`>;
  /** eth_signTypedData_v4 with the host's texts on the sign request screen. */
  signTypedData(typedData: string | Record<string, unknown>, uiOptions?: SignUiOptions): Promise<`0x${string}`>;
}

/** The chain id a provider starts on: the host's default chain, else its first supported one, else Ethereum (1). */
function defaultChainIdOf(chains: ChainOptions | undefined, fallback = 1): number {
  const chosen = chains?.defaultChain ?? chains?.supportedChains?.[0];
  if (chosen === undefined) return fallback;
  return typeof chosen === 'number' ? chosen : chosen.id;
}

/** The chain half of the provider, loaded on first use (switching, reads, transactions). */
type LoadChainCalls = () => Promise<ChainCalls>;

const hexChainId = (id: number) => `0x${id.toString(16)}`;

/**
 * The EIP-1193 provider of the user's embedded wallet: accounts, chain id and events locally; signing
 * (personal_sign, eth_signTypedData_v4, loaded with the first request: providerSignCall.ts) through
 * `sign` — the host decides whether a screen asks first — and, through the lazily loaded chain calls, wallet_switchEthereumChain, eth_signTransaction,
 * eth_sendTransaction (the send screen) and the node's read calls on the current chain.
 * Checked before any prompt (SPEC §5): a user without an embedded wallet → embedded_wallet_not_found,
 * a message that is not a non-empty string → invalid_message, a malformed transaction → invalid_transaction_request.
 */
export function createEmbeddedWalletProvider(options: {
  getUser(): User | null;
  controller: Pick<EmbeddedWalletController, 'signMessage' | 'signTypedData'>;
  /** Chain id before the host names chains (default 1). */
  chainId?: number;
  /** The host's chains (SPEC §3 supportedChains, defaultChain, RPC URLs). */
  chains?(): ChainOptions | undefined;
  /** Loads the chain calls; without it, chain methods answer 4200 (unsupported). */
  loadChainCalls?: LoadChainCalls;
  /** Follows the signed-in user, for accountsChanged / connect / disconnect. */
  subscribe?(listener: () => void): () => void;
  /** Wraps a signature (e.g. behind the sign request screen, with the host's texts); default: sign at once. */
  sign?<T>(
    kind: 'message' | 'typedData',
    payload: unknown,
    run: () => Promise<T>,
    uiOptions?: SignUiOptions,
  ): Promise<T>;
}): EmbeddedWalletProvider {
  const sign = options.sign ?? ((_kind, _payload, run) => run());
  const listeners = new Map<string, Set<Listener>>();
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of [...(listeners.get(event) ?? [])]) listener(...args);
  };
  // The chain the wallet is on: the host's default until wallet_switchEthereumChain moves it.
  let switchedTo: number | null = null;
  const chainId = () => switchedTo ?? defaultChainIdOf(options.chains?.(), options.chainId);
  const current = () => {
    const user = options.getUser();
    const wallet = embeddedWalletOf(user);
    if (!user) throw new LatchError('must_be_authenticated');
    if (!wallet) throw new LatchError('embedded_wallet_not_found');
    return { user, wallet };
  };
  const params = (request: Eip1193Request) => (Array.isArray(request.params) ? request.params : []);
  // Switching, transactions and reads run in the chain calls, loaded on first use.
  const viaChainCalls = async (request: Eip1193Request, uiOptions?: SendTransactionUiOptions) => {
    if (!options.loadChainCalls)
      throw new WalletProviderError(4200, `The embedded wallet does not support ${request.method}.`);
    return (await options.loadChainCalls()).handle(request, {
      current,
      chainId,
      switchTo(id) {
        switchedTo = id;
        emit('chainChanged', hexChainId(id));
      },
      uiOptions,
    });
  };

  const signCall = async (
    method: 'personal_sign' | 'eth_signTypedData_v4',
    signParams: readonly unknown[],
    uiOptions?: SignUiOptions,
  ) => {
    // Whose request it is is read now; the checks and the signature load with the first request.
    const requester = current();
    const { providerSignCall } = await import('./providerSignCall.js');
    const context = { requester, getUser: options.getUser, controller: options.controller, sign, uiOptions };
    return providerSignCall(method, signParams, context) as Promise<`0x${string}`>;
  };

  // accountsChanged / connect / disconnect follow the signed-in user's embedded wallet.
  let lastAddress = embeddedWalletOf(options.getUser())?.address ?? null;
  options.subscribe?.(() => {
    const address = embeddedWalletOf(options.getUser())?.address ?? null;
    if (address === lastAddress) return;
    const had = lastAddress;
    lastAddress = address;
    emit('accountsChanged', address ? [address] : []);
    if (address && !had) emit('connect', { chainId: hexChainId(chainId()) });
    if (!address) emit('disconnect', new WalletProviderError(4900, 'The embedded wallet is disconnected.'));
  });

  const provider: EmbeddedWalletProvider = {
    async request(request) {
      switch (request.method) {
        case 'eth_accounts':
        case 'eth_requestAccounts': {
          const wallet = embeddedWalletOf(options.getUser());
          return wallet ? [wallet.address] : [];
        }
        case 'eth_chainId':
          return hexChainId(chainId());
        case 'personal_sign':
        case 'eth_signTypedData_v4':
          return signCall(request.method, params(request));
        default:
          return viaChainCalls(request);
      }
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set<Listener>();
      listeners.set(event, set);
      set.add(listener);
      return provider;
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
      return provider;
    },
    sendTransaction: (request, uiOptions) =>
      viaChainCalls({ method: 'eth_sendTransaction', params: [request] }, uiOptions) as Promise<`0x${string}`>,
    signTransaction: (request, uiOptions) =>
      viaChainCalls({ method: 'eth_signTransaction', params: [request] }, uiOptions) as Promise<`0x${string}`>,
    signMessage: (message, uiOptions) => signCall('personal_sign', [message], uiOptions),
    signTypedData: (typedData, uiOptions) => signCall('eth_signTypedData_v4', [undefined, typedData], uiOptions),
  };
  return provider;
}
