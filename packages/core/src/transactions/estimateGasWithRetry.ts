import { LatchError } from '@latch/protocol';
import type { Address } from 'viem';
import type { ChainReader } from './chainReader.js';
import type { ValidTransactionRequest } from './transactionTypes.js';

/**
 * The gas estimate of a request from `from`; when the node refuses it, the estimate without `from`
 * (SPEC §8: an account state the node dislikes, such as a balance short of the value, must not block the
 * screen that says so). Both refused: `transaction_preparation_failed`, SPEC's 'There was an error
 * preparing your transaction. Your transaction request will likely fail.'
 */
export async function estimateGasWithRetry(
  client: ChainReader,
  request: ValidTransactionRequest,
  from: Address,
): Promise<bigint> {
  const call = { to: request.to, value: request.value, data: request.data, accessList: request.accessList };
  try {
    return await client.estimateGas({ ...call, account: from });
  } catch {
    try {
      return await client.estimateGas(call);
    } catch (cause) {
      throw new LatchError('transaction_preparation_failed', undefined, { cause });
    }
  }
}
