/**
 * Texts of EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN. SPEC §2/§8 texts are word for word; the rest (marked)
 * are ours where SPEC is silent (docs/wallets.md). Error texts are keyed by the catalogue code the send
 * flow reports, so a host overrides one as `strings={{ transaction_reverted: '…' }}`. Loaded with the screen.
 */
export const sendTransactionStrings = {
  sendTitle: 'Send {token}',
  reviewTitle: 'Review transaction',
  fromLabel: 'From',
  toLabel: 'To',
  actionLabel: 'Action',
  estFeesLabel: 'Est. Fees',
  totalLabel: 'Total (including fees)',
  // Ours: the balance, the token price and the action names.
  balanceLabel: 'Balance',
  priceLabel: '{token} price',
  sendAction: 'Send {token}',
  contractCallAction: 'Contract call',
  deployAction: 'Deploy contract',
  preparingTransaction: 'Preparing your transaction',
  submittingTransaction: 'Submitting your transaction',
  awaitingReceipt: 'Waiting for confirmation',
  transactionComplete: 'Transaction complete!',
  allDone: 'All Done',
  retryTransaction: 'Retry transaction',
  // SPEC §2/§8: the way to the on-ramp when the balance is short (only when the app's on-ramp is on).
  addFunds: 'Add Funds',
  // Ours: the error view's labels and the explorer link.
  errorTitle: 'Transaction failed',
  errorCodeLabel: 'Error code',
  transactionHashLabel: 'Transaction hash',
  viewOnExplorer: 'View on block explorer',
  // SPEC §8 "Signing and transactions".
  insufficient_funds: 'Wallet has insufficient funds for this transaction.',
  transaction_preparation_failed:
    'There was an error preparing your transaction. Your transaction request will likely fail.',
  transaction_failed: 'Error processing transaction',
  transactionErrorDefault: 'An error has occurred, please try again.',
  // Ours (the catalogue's texts): what happened to a transaction that reached the chain.
  transaction_reverted: 'The transaction was reverted.',
  transaction_replaced: 'The transaction was replaced by another transaction.',
  transaction_expired: 'The transaction was not confirmed in time.',
  transaction_not_approved: 'This transaction is not the one the user approved, or its approval was used or expired.',
  invalid_transaction_request: 'The transaction request is invalid.',
  unsupported_chain_id: 'Chain ID {id} is not supported...',
} as const;

/** The send screen texts' keys. */
export type SendTransactionStrings = { [K in keyof typeof sendTransactionStrings]: string };
