import { parseGwei } from 'viem';
import type { ChainReader } from '../chainReader.js';

/** Fixed node data for unit tests: what a chain's RPC would answer, chosen so each gas rule shows. */
export const FIXED = {
  baseFeePerGas: parseGwei('10'),
  maxPriorityFeePerGas: parseGwei('1.5'),
  gasPrice: parseGwei('3'),
  nonce: 7,
  gas: 21_000n,
  balance: 10n ** 18n,
  l1Fee: 123_456_789n,
} as const;

type Calls = { [K in keyof ChainReader]: Parameters<ChainReader[K]> extends [infer A] ? A[] : undefined[] };

/**
 * A ChainReader answering FIXED (each answer replaceable), recording every call. It stands for a
 * third-party node's data in unit tests; the integration test reads a real anvil node.
 */
export function fixedChainReader(overrides: Partial<ChainReader> = {}): ChainReader & { calls: Calls } {
  const calls: Calls = {
    getBlock: [],
    estimateMaxPriorityFeePerGas: [],
    getGasPrice: [],
    getTransactionCount: [],
    estimateGas: [],
    getBalance: [],
    readContract: [],
  };
  const record = <K extends keyof ChainReader>(name: K, answer: ChainReader[K]): ChainReader[K] =>
    ((...args: unknown[]) => {
      (calls[name] as unknown[]).push(args[0]);
      return (answer as (...a: unknown[]) => unknown)(...args);
    }) as ChainReader[K];
  const reader: ChainReader = {
    getBlock: async () => ({ baseFeePerGas: FIXED.baseFeePerGas }),
    estimateMaxPriorityFeePerGas: async () => FIXED.maxPriorityFeePerGas,
    getGasPrice: async () => FIXED.gasPrice,
    getTransactionCount: async () => FIXED.nonce,
    estimateGas: async () => FIXED.gas,
    getBalance: async () => FIXED.balance,
    readContract: async () => FIXED.l1Fee,
    ...overrides,
  };
  return {
    calls,
    getBlock: record('getBlock', reader.getBlock),
    estimateMaxPriorityFeePerGas: record('estimateMaxPriorityFeePerGas', reader.estimateMaxPriorityFeePerGas),
    getGasPrice: record('getGasPrice', reader.getGasPrice),
    getTransactionCount: record('getTransactionCount', reader.getTransactionCount),
    estimateGas: record('estimateGas', reader.estimateGas),
    getBalance: record('getBalance', reader.getBalance),
    readContract: record('readContract', reader.readContract),
  };
}
