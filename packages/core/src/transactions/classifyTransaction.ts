import type { TransactionKind, ValidTransactionRequest } from './transactionTypes.js';

/**
 * SPEC §5: a contract call when both `to` and `data` are set, a send when `to` and `value` are set,
 * otherwise unknown. Empty data ('0x') counts as no data: wallets and libraries send it with plain
 * transfers, which users know as a send.
 */
export function classifyTransaction(request: Pick<ValidTransactionRequest, 'to' | 'data' | 'value'>): TransactionKind {
  const hasData = request.data !== undefined && request.data !== '0x';
  if (request.to !== undefined && hasData) return 'contractCall';
  if (request.to !== undefined && request.value !== undefined) return 'send';
  return 'unknown';
}
