import { LatchError } from '@latch/protocol';
import { type Address, serializeTransaction, type TransactionSerializable } from 'viem';
import { type ChainReader, GET_L1_FEE_ABI } from './chainReader.js';

/**
 * The L1 data fee of an OP Stack transaction: the GasPriceOracle's getL1Fee over the unsigned serialized
 * transaction (SPEC §7 "the Optimism L1 fee"). It is paid on top of the L2 gas, so it is in the total.
 */
export async function optimismL1Fee(
  client: ChainReader,
  oracle: Address,
  transaction: TransactionSerializable,
): Promise<bigint> {
  try {
    return await client.readContract({
      address: oracle,
      abi: GET_L1_FEE_ABI,
      functionName: 'getL1Fee',
      args: [serializeTransaction(transaction)],
    });
  } catch (cause) {
    throw new LatchError('transaction_preparation_failed', undefined, { cause });
  }
}
