// The `@latch/core/transactions` entry: transaction preparation by SPEC §5/§9, loaded lazily with the send
// screen and the provider's transaction methods, so it never enters a host page's initial JavaScript.
export type { ChainReader } from './chainReader.js';
export { classifyTransaction } from './classifyTransaction.js';
export { type FeesPerGas, feesPerGas } from './feesPerGas.js';
export { formatFiatAmount } from './formatFiatAmount.js';
export { formatTokenAmount, type TokenAmountFormat } from './formatTokenAmount.js';
export { GAS_PRICE_ORACLE, type GasRule, gasPriceOracleOf, gasRuleOf } from './gasRuleOf.js';
export { POLYGON_GAS_STATIONS } from './polygonGasStation.js';
export {
  type FeeBreakdown,
  type PreparedTransaction,
  type PreparedTransactionFields,
  type PrepareTransactionOptions,
  prepareTransaction,
} from './prepareTransaction.js';
export { tokenAmountInUsd } from './tokenAmountInUsd.js';
export type {
  Quantity,
  TransactionKind,
  TransactionRequest,
  ValidTransactionRequest,
} from './transactionTypes.js';
export { validateTransactionRequest } from './validateTransactionRequest.js';
