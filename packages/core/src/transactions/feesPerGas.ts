import { LatchError } from '@latch/protocol';
import type { ChainReader } from './chainReader.js';
import type { GasRule } from './gasRuleOf.js';
import { polygonGasStation } from './polygonGasStation.js';
import type { ValidTransactionRequest } from './transactionTypes.js';

/** The fee fields of a prepared transaction: EIP-1559 fees, or a legacy gas price. */
export type FeesPerGas =
  | { type: 'eip1559'; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint; baseFeePerGas: bigint }
  | { type: 'legacy'; gasPrice: bigint };

/** Percent of the last base fee each rule's max fee allows for (SPEC §9). */
const BASE_FEE_PERCENT: Record<Exclude<GasRule, 'legacy'>, bigint> = {
  // viem's own default multiplier (1.2) for chains SPEC names no rule for.
  default: 120n,
  optimism: 126n,
  arbitrum: 120n,
  // Used only when the gas station fails.
  polygon: 120n,
};

interface FeesPerGasOptions {
  client: ChainReader;
  gasStationUrl?: string;
  fetch?: typeof fetch;
}

/**
 * The fees per gas of a transaction by its chain's gas rule (SPEC §9), keeping any fee the request
 * names. Type 2 by default; chains 56, 97, 23294 and 23295 and requests with a gasPrice are type 0.
 */
export async function feesPerGas(
  rule: GasRule,
  request: ValidTransactionRequest,
  { client, gasStationUrl, fetch: fetcher }: FeesPerGasOptions,
): Promise<FeesPerGas> {
  const legacyWanted =
    request.type === 'legacy' || (request.type === undefined && (rule === 'legacy' || request.gasPrice !== undefined));
  if (legacyWanted) return { type: 'legacy', gasPrice: request.gasPrice ?? (await client.getGasPrice()) };

  const { baseFeePerGas } = await client.getBlock({ blockTag: 'latest' });
  if (baseFeePerGas === null) {
    // A chain before EIP-1559 (no base fee): a legacy transaction is all it takes, unless type 2 was asked.
    if (request.type === 'eip1559')
      throw new LatchError('transaction_preparation_failed', undefined, { cause: 'the chain has no base fee' });
    return { type: 'legacy', gasPrice: await client.getGasPrice() };
  }
  const station = rule === 'polygon' && gasStationUrl ? await polygonGasStation(gasStationUrl, fetcher) : undefined;
  const suggestedPriorityFee =
    request.maxPriorityFeePerGas ??
    station?.maxPriorityFeePerGas ??
    (rule === 'arbitrum' ? 0n : await client.estimateMaxPriorityFeePerGas());
  // A request naming only its max fee caps the tip too: a suggested tip above it makes an unsignable transaction.
  const maxPriorityFeePerGas =
    request.maxPriorityFeePerGas === undefined &&
    request.maxFeePerGas !== undefined &&
    suggestedPriorityFee > request.maxFeePerGas
      ? request.maxFeePerGas
      : suggestedPriorityFee;
  const maxFeePerGas =
    request.maxFeePerGas ??
    (station && request.maxPriorityFeePerGas === undefined
      ? station.maxFeePerGas
      : (baseFeePerGas * BASE_FEE_PERCENT[rule === 'legacy' ? 'default' : rule]) / 100n + maxPriorityFeePerGas);
  return { type: 'eip1559', maxFeePerGas, maxPriorityFeePerGas, baseFeePerGas };
}
