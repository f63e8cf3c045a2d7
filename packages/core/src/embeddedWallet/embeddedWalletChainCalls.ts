// Loaded with the first chain call of the provider (switch, read, sign or send a transaction): the chain
// registry, viem's public client, transaction preparation and the send flow stay out of a host page's
// initial JavaScript.
import { LatchError, type User, unsupportedChainIdText } from '@latch/protocol';
import { assertSupportedChain, type ChainOptions, chainRpcUrl, resolveChains } from '@latch/protocol/chains';
import {
  type Address,
  type Chain,
  createPublicClient,
  type Hex,
  http,
  numberToHex,
  type PublicClient,
  WaitForTransactionReceiptTimeoutError,
} from 'viem';
import { WalletProviderError } from '../externalWallets/eip1193.js';
import type { FlowClock } from '../machine/flowClock.js';
import { type PreparedTransactionFields, prepareTransaction } from '../transactions/prepareTransaction.js';
import { validateTransactionRequest } from '../transactions/validateTransactionRequest.js';
import { createSendTransactionRunner, ReceiptWaitError, type SendTransactionRunner } from './sendTransactionRunner.js';
import type { SendAccount, SendTransactionUiOptions } from './sendTransactionState.js';
import type { FrameTransaction, TransactionSigner } from './transactionSigner.js';

/** JSON-RPC reads the provider passes to the current chain's node unchanged. */
const READ_METHODS: ReadonlySet<string> = new Set([
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas',
  'eth_sendRawTransaction',
  'net_version',
  'web3_clientVersion',
]);

/** What the chain calls need from the runtime. */
export interface ChainCallsOptions {
  /** The host's chains (read on each call: a host may pass new options). */
  chainOptions(): ChainOptions | undefined;
  signer: TransactionSigner;
  clock: FlowClock;
  /** Whether the send screen asks first (false with noPromptOnSignature). */
  prompt(): boolean;
  /** SPEC §3 waitForTransactionConfirmation (default true). */
  waitForConfirmation(): boolean;
}

/** What the provider lends the chain calls for one request. */
export interface ProviderContext {
  /** The signed-in user and their embedded wallet (throws must_be_authenticated / embedded_wallet_not_found). */
  current(): { user: User; wallet: { address: Address } };
  chainId(): number;
  /** Moves the provider to a supported chain (it emits chainChanged). */
  switchTo(id: number): void;
  uiOptions?: SendTransactionUiOptions;
}

/** A transaction request for `user`'s wallet `address` on `chainId`, reviewed on the send screen first. */
type TransactionCall = (
  user: User,
  address: Address,
  request: unknown,
  chainId: number,
  uiOptions?: SendTransactionUiOptions,
) => Promise<Hex>;

/** The provider's chain-bound methods. */
export interface ChainCalls {
  /** wallet_switchEthereumChain, eth_signTransaction, eth_sendTransaction and the node's reads; else 4200. */
  handle(request: { method: string; params?: unknown }, context: ProviderContext): Promise<unknown>;
  /** The supported chain with this id, or EIP-1193 4902 (unsupported_chain_id). */
  supportedChain(id: number): Chain;
  read(chainId: number, method: string, params: unknown): Promise<unknown>;
  /** Signs the reviewed transaction and hands it back, raw (eth_signTransaction). */
  signTransaction: TransactionCall;
  /** Sends the reviewed transaction: its hash. */
  sendTransaction: TransactionCall;
  /** The send flow (the screen renders its state). */
  sendRunner: SendTransactionRunner;
}

/** EIP-1193 4902 for a chain outside the host's supported chains, carrying the catalogue code. */
function unsupportedChainError(id: number): WalletProviderError {
  return Object.assign(new WalletProviderError(4902, unsupportedChainIdText(id)), {
    data: { error: 'unsupported_chain_id' },
  });
}

/** The prepared transaction as the frame takes it: quantities as hex (frame messages are JSON). */
function toFrameTransaction(from: Address, tx: PreparedTransactionFields): FrameTransaction {
  const hex = (value: bigint | undefined) => (value === undefined ? undefined : numberToHex(value));
  const fees =
    tx.type === 'legacy'
      ? { gasPrice: hex(tx.gasPrice) }
      : { maxFeePerGas: hex(tx.maxFeePerGas), maxPriorityFeePerGas: hex(tx.maxPriorityFeePerGas) };
  return {
    from,
    chainId: tx.chainId,
    to: tx.to ?? undefined,
    data: tx.data,
    value: hex(tx.value),
    nonce: tx.nonce,
    gas: hex(tx.gas),
    // Signed (and approved) with the rest: the estimate counted it, so the signed transaction carries it.
    accessList: tx.type === 'eip1559' ? tx.accessList : undefined,
    ...fees,
  };
}

/** An EIP-1193 transaction object as SPEC §5 wants it: a hex chainId (viem sends one) becomes a number. */
function normalizedRequest(request: unknown): unknown {
  if (typeof request !== 'object' || request === null) return request;
  const { chainId } = request as { chainId?: unknown };
  if (typeof chainId === 'string' && /^0x[0-9a-fA-F]{1,13}$/.test(chainId))
    return { ...request, chainId: Number.parseInt(chainId, 16) };
  return request;
}

const paramsOf = (request: { params?: unknown }): unknown[] => (Array.isArray(request.params) ? request.params : []);

// wallet_switchEthereumChain's [{ chainId }], a hex chain id.
function switchChainId(request: { params?: unknown }): number {
  const raw = (paramsOf(request)[0] as { chainId?: unknown } | undefined)?.chainId;
  const id = typeof raw === 'string' && /^0x[0-9a-fA-F]{1,13}$/.test(raw) ? Number.parseInt(raw, 16) : raw;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0)
    throw new WalletProviderError(-32602, 'wallet_switchEthereumChain takes [{ chainId }] with a hex chain id.');
  return id;
}

// The transaction object of eth_signTransaction / eth_sendTransaction, from the embedded wallet only.
function transactionOf(request: { params?: unknown }, address: Address): Record<string, unknown> {
  const [transaction] = paramsOf(request);
  if (typeof transaction !== 'object' || transaction === null || Array.isArray(transaction))
    throw new LatchError('invalid_transaction_request', 'The transaction request must be an object.');
  const { from } = transaction as { from?: unknown };
  if (typeof from === 'string' && from.toLowerCase() !== address.toLowerCase())
    throw new WalletProviderError(4100, 'The requested account is not the embedded wallet.');
  return transaction as Record<string, unknown>;
}

/** Builds the provider's chain calls over the host's chains, one public client per chain. */
export function createChainCalls(options: ChainCallsOptions): ChainCalls {
  let resolvedFor: ChainOptions | undefined | null = null;
  let chains: readonly Chain[] = [];
  const clients = new Map<number, PublicClient>();
  const supported = () => {
    const current = options.chainOptions();
    if (current !== resolvedFor) {
      chains = resolveChains(current).chains;
      resolvedFor = current;
      clients.clear();
    }
    return chains;
  };
  const supportedChain = (id: number): Chain => {
    try {
      return assertSupportedChain(id, supported());
    } catch (error) {
      if (error instanceof LatchError && error.code === 'unsupported_chain_id') throw unsupportedChainError(id);
      throw error;
    }
  };
  const clientOf = (chainId: number): PublicClient => {
    const chain = supportedChain(chainId);
    let client = clients.get(chainId);
    if (!client) {
      client = createPublicClient({ chain, transport: http(chainRpcUrl(chain)), pollingInterval: 1_000 });
      clients.set(chainId, client);
    }
    return client;
  };

  // The request's chain is the current one: a request naming another (even a supported one) is refused, as
  // MetaMask does, rather than signed on a chain the user did not pick.
  const chainOfRequest = (request: unknown, current: number): number => {
    const { chainId } = validateTransactionRequest(request);
    if (chainId !== undefined && chainId !== current) {
      supportedChain(chainId);
      throw new LatchError(
        'invalid_transaction_request',
        `chainId ${chainId} is not the wallet's current chain (${current}); switch chains first.`,
      );
    }
    supportedChain(current);
    return current;
  };

  const sendRunner = createSendTransactionRunner(options.clock, {
    prepare: async (request, chainId, { address }) =>
      prepareTransaction(request, { client: clientOf(chainId), chain: supportedChain(chainId), from: address }),
    sign: (transaction, { user, address }) => options.signer.sign(user, toFrameTransaction(address, transaction)),
    broadcast: (raw, chainId) => clientOf(chainId).sendRawTransaction({ serializedTransaction: raw }),
    async waitForReceipt(hash, chainId, timeoutMs) {
      let replaced = false;
      try {
        const receipt = await clientOf(chainId).waitForTransactionReceipt({
          hash,
          timeout: timeoutMs,
          onReplaced: (replacement) => {
            // A repriced transaction is the same one with a higher fee; anything else is another transaction.
            replaced = replacement.reason !== 'repriced';
          },
        });
        if (replaced) throw new ReceiptWaitError('replaced');
        return receipt;
      } catch (error) {
        if (error instanceof ReceiptWaitError) throw error;
        if (error instanceof WaitForTransactionReceiptTimeoutError)
          throw new ReceiptWaitError('expired', { cause: error });
        throw new ReceiptWaitError('failed', { cause: error });
      }
    },
  });

  // A send, or a sign-only request (eth_signTransaction): the same review and frame confirmation.
  const reviewed = (
    request: unknown,
    account: SendAccount,
    chainId: number,
    uiOptions: SendTransactionUiOptions | undefined,
    outcome: { waitForReceipt: boolean; broadcast?: boolean },
  ) => {
    const normalized = normalizedRequest(request);
    const target = chainOfRequest(normalized, chainId);
    return sendRunner.send(normalized, { account, chainId: target, uiOptions, prompt: options.prompt(), ...outcome });
  };

  const calls: ChainCalls = {
    async handle(request, context) {
      switch (request.method) {
        case 'wallet_switchEthereumChain': {
          const id = switchChainId(request);
          supportedChain(id);
          if (id !== context.chainId()) context.switchTo(id);
          return null;
        }
        case 'eth_signTransaction':
        case 'eth_sendTransaction': {
          const { user, wallet } = context.current();
          const transaction = transactionOf(request, wallet.address);
          return request.method === 'eth_signTransaction'
            ? calls.signTransaction(user, wallet.address, transaction, context.chainId(), context.uiOptions)
            : calls.sendTransaction(user, wallet.address, transaction, context.chainId(), context.uiOptions);
        }
        default:
          return calls.read(context.chainId(), request.method, request.params ?? []);
      }
    },
    supportedChain,
    sendRunner,
    async read(chainId, method, params) {
      if (!READ_METHODS.has(method))
        throw new WalletProviderError(4200, `The embedded wallet does not support ${method}.`);
      return clientOf(chainId).request({ method, params } as never, { retryCount: 0 });
    },
    async signTransaction(user, address, request, chainId, uiOptions) {
      const outcome = { waitForReceipt: false, broadcast: false };
      const { raw } = await reviewed(request, { user, address }, chainId, uiOptions, outcome);
      return raw as Hex;
    },
    async sendTransaction(user, address, request, chainId, uiOptions) {
      const outcome = { waitForReceipt: options.waitForConfirmation() };
      const { hash } = await reviewed(request, { user, address }, chainId, uiOptions, outcome);
      return hash;
    },
  };
  return calls;
}
