import { LatchError } from '@latch/protocol';
import type { Address, Chain, TransactionSerializableEIP1559, TransactionSerializableLegacy } from 'viem';
import type { ChainReader } from './chainReader.js';
import { classifyTransaction } from './classifyTransaction.js';
import { estimateGasWithRetry } from './estimateGasWithRetry.js';
import { feesPerGas } from './feesPerGas.js';
import { type GasRule, gasPriceOracleOf, gasRuleOf } from './gasRuleOf.js';
import { optimismL1Fee } from './optimismL1Fee.js';
import { POLYGON_GAS_STATIONS } from './polygonGasStation.js';
import type { TransactionKind } from './transactionTypes.js';
import { validateTransactionRequest } from './validateTransactionRequest.js';

/** The transaction to sign: every field set, in viem's serializable shape. */
export type PreparedTransactionFields = (TransactionSerializableEIP1559 | TransactionSerializableLegacy) & {
  chainId: number;
  nonce: number;
  gas: bigint;
  value: bigint;
};

/** What the transaction costs at most: L2 execution (gas × fee per gas) plus, on OP Stack chains, the L1 fee. */
export interface FeeBreakdown {
  rule: GasRule;
  gas: bigint;
  /** maxFeePerGas (type 2) or gasPrice (type 0): the most one unit of gas costs. */
  feePerGas: bigint;
  executionFee: bigint;
  l1Fee: bigint;
  /** executionFee + l1Fee: the 'Est. Fees' of the send screen. */
  total: bigint;
}

/** A transaction ready for the send screen and the signer. */
export interface PreparedTransaction {
  from: Address;
  transaction: PreparedTransactionFields;
  kind: TransactionKind;
  fees: FeeBreakdown;
  /** value + fees.total: what the balance must cover (SPEC §5). */
  total: bigint;
  balance: bigint;
  /** True when the balance is short of `total`: SPEC's 'Wallet has insufficient funds for this transaction.' */
  insufficientFunds: boolean;
}

export interface PrepareTransactionOptions {
  /** Reads the chain (a viem PublicClient on the chain's RPC URL). */
  client: ChainReader;
  /** The chain the transaction goes to (from `@latch/protocol/chains`, after `assertSupportedChain`). */
  chain: Chain;
  /** The sending wallet; the request's `from` when omitted. */
  from?: Address;
  /** The Polygon gas station to ask (default: Polygon's own for 137 and 80002). */
  polygonGasStationUrl?: string;
  /** The fetch the gas station call uses (default: the global one). */
  fetch?: typeof fetch;
}

/**
 * Validates a transaction request and fills in what it leaves out by SPEC §9's gas rules: type, fees per
 * gas, the pending nonce, the gas estimate (retried without `from`), the OP Stack L1 fee; returns it
 * with the fee breakdown, the balance and whether the balance covers value plus fees. Refusals are
 * catalogue errors: `invalid_transaction_request`, `transaction_preparation_failed`.
 */
export async function prepareTransaction(
  request: unknown,
  options: PrepareTransactionOptions,
): Promise<PreparedTransaction> {
  const valid = validateTransactionRequest(request);
  const { client, chain } = options;
  const from = options.from ?? valid.from;
  if (!from) throw new LatchError('invalid_transaction_request', 'The transaction has no from address.');
  if (valid.from && options.from && valid.from.toLowerCase() !== options.from.toLowerCase())
    throw new LatchError('invalid_transaction_request', 'from is not the address of this wallet.');
  if (valid.chainId !== undefined && valid.chainId !== chain.id)
    throw new LatchError(
      'invalid_transaction_request',
      `chainId ${valid.chainId} is not the chain ${chain.id} being prepared for.`,
    );

  const rule = gasRuleOf(chain);
  const gasStationUrl = options.polygonGasStationUrl ?? POLYGON_GAS_STATIONS[chain.id];
  const [fees, nonce, gas, balance] = await Promise.all([
    feesPerGas(rule, valid, { client, gasStationUrl, fetch: options.fetch }),
    valid.nonce ?? client.getTransactionCount({ address: from, blockTag: 'pending' }),
    valid.gas ?? estimateGasWithRetry(client, valid, from),
    client.getBalance({ address: from }),
  ]).catch((cause: unknown) => {
    if (cause instanceof LatchError) throw cause;
    // The node did not answer one of the reads: the request cannot be prepared.
    throw new LatchError('transaction_preparation_failed', undefined, { cause });
  });

  const value = valid.value ?? 0n;
  const common = { chainId: chain.id, nonce, gas, value, to: valid.to, data: valid.data };
  const transaction: PreparedTransactionFields =
    fees.type === 'eip1559'
      ? {
          ...common,
          type: 'eip1559',
          maxFeePerGas: fees.maxFeePerGas,
          maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
          accessList: valid.accessList,
        }
      : { ...common, type: 'legacy', gasPrice: fees.gasPrice };
  // A type 0 transaction has no access list: signing it without the one the estimate used is another transaction.
  if (transaction.type === 'legacy' && valid.accessList?.length)
    throw new LatchError('invalid_transaction_request', 'An accessList needs a type 2 transaction.');
  const feePerGas = fees.type === 'eip1559' ? fees.maxFeePerGas : fees.gasPrice;
  const l1Fee = rule === 'optimism' ? await optimismL1Fee(client, gasPriceOracleOf(chain), transaction) : 0n;
  const executionFee = gas * feePerGas;
  const feeTotal = executionFee + l1Fee;
  const total = value + feeTotal;
  return {
    from,
    transaction,
    kind: classifyTransaction(valid),
    fees: { rule, gas, feePerGas, executionFee, l1Fee, total: feeTotal },
    total,
    balance,
    insufficientFunds: balance < total,
  };
}
