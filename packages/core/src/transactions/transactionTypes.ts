import type { AccessList, Address, Hex } from 'viem';

/** A quantity as SPEC §5 accepts it: a number, a bigint or a hex string. */
export type Quantity = number | bigint | string;

/** A transaction request as a host or an EIP-1193 caller sends it (SPEC §3 "Transaction request"). */
export interface TransactionRequest {
  to?: string | null;
  from?: string;
  value?: Quantity;
  data?: string;
  chainId?: number;
  nonce?: Quantity;
  gas?: Quantity;
  gasLimit?: Quantity;
  gasPrice?: Quantity;
  maxFeePerGas?: Quantity;
  maxPriorityFeePerGas?: Quantity;
  /** 0 / '0x0' / 'legacy', or 2 / '0x2' / 'eip1559'. */
  type?: number | string;
  accessList?: AccessList;
}

/** A request that passed `validateTransactionRequest`: quantities are bigints, `gasLimit` is folded into `gas`. */
export interface ValidTransactionRequest {
  to?: Address;
  from?: Address;
  value?: bigint;
  data?: Hex;
  chainId?: number;
  nonce?: number;
  gas?: bigint;
  gasPrice?: bigint;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
  type?: 'legacy' | 'eip1559';
  accessList?: AccessList;
}

/** SPEC §5's classification: a contract call (to and data), a send (to and value), or unknown. */
export type TransactionKind = 'contractCall' | 'send' | 'unknown';
