import type { AccessList, Address, Hex } from 'viem';

/**
 * What transaction preparation reads from a chain: the calls of SPEC §7 "Blockchain and price calls".
 * A viem `PublicClient` is one; unit tests pass a fixed stand-in for the node's data.
 */
export interface ChainReader {
  getBlock(args: { blockTag: 'latest' }): Promise<{ baseFeePerGas: bigint | null }>;
  estimateMaxPriorityFeePerGas(): Promise<bigint>;
  getGasPrice(): Promise<bigint>;
  getTransactionCount(args: { address: Address; blockTag: 'pending' }): Promise<number>;
  estimateGas(args: {
    account?: Address;
    to?: Address;
    value?: bigint;
    data?: Hex;
    accessList?: AccessList;
  }): Promise<bigint>;
  getBalance(args: { address: Address }): Promise<bigint>;
  readContract(args: {
    address: Address;
    abi: typeof GET_L1_FEE_ABI;
    functionName: 'getL1Fee';
    args: readonly [Hex];
  }): Promise<bigint>;
}

/** The one GasPriceOracle function the Optimism rule calls. */
export const GET_L1_FEE_ABI = [
  {
    type: 'function',
    name: 'getL1Fee',
    stateMutability: 'view',
    inputs: [{ name: '_data', type: 'bytes' }],
    outputs: [{ name: '', type: 'uint256' }],
  },
] as const;
