import type { ErrorCode, User } from '@latch/protocol';
import type { Address, Hex, TransactionReceipt } from 'viem';
import type { PreparedTransaction } from '../transactions/prepareTransaction.js';

/** SPEC §3 "Transaction UI options": what the host tells the send screen about the transaction. */
export interface SendTransactionUiOptions {
  description?: string;
  transactionInfo?: {
    title?: string;
    actionDescription?: string;
    action?: string;
    description?: string;
    contractInfo?: SendTransactionContractInfo;
  };
  senderInfo?: { name?: string; url?: string; imgUrl?: string };
  contractInfo?: SendTransactionContractInfo;
}

/** SPEC §3 contractInfo. */
export interface SendTransactionContractInfo {
  imgUrl?: string;
  imgSize?: 'sm' | 'large';
  imgAltText?: string;
  name?: string;
  url?: string;
  actionText?: string;
}

/**
 * What went wrong, as a catalogue code (the screen shows the code and the catalogue's text for it, never
 * English from here) and, for a transaction that reached the chain, its hash (SPEC §2: replaced, expired,
 * reverted).
 */
export interface SendTransactionFailure {
  code: ErrorCode;
  hash: Hex | null;
}

/** Whose send it is: the user and wallet it was requested for, kept with the send (a later request may be another's). */
export interface SendAccount {
  user: User;
  address: Address;
}

/** Where a send is: SPEC §2 EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN's views. */
export type SendTransactionStatus =
  | 'preparing'
  | 'review'
  /** The frame shows its confirmation of the transaction; the user's click there signs it (issue #24). */
  | 'confirming'
  | 'submitting'
  | 'awaitingReceipt'
  | 'receipt'
  | 'error';

/** A transaction on its way: the send screen's state (null: no screen). */
export interface SendTransaction {
  /** Tells one request from the next, so a late outcome of an earlier one changes nothing. */
  id: number;
  /** The request as the caller gave it (already validated by the provider). */
  request: unknown;
  account: SendAccount;
  chainId: number;
  uiOptions: SendTransactionUiOptions;
  /** False with `noPromptOnSignature`: no review, no screen; errors go straight to the caller. */
  prompt: boolean;
  /** Whether the caller's answer waits for the receipt (`waitForTransactionConfirmation`, default true). */
  waitForReceipt: boolean;
  /** False for eth_signTransaction: the reviewed transaction is signed and handed back, not sent. */
  broadcast: boolean;
  status: SendTransactionStatus;
  /** The filled-in transaction, fees, total, balance, insufficientFunds and classification (from review on). */
  prepared: PreparedTransaction | null;
  hash: Hex | null;
  receipt: TransactionReceipt | null;
  error: SendTransactionFailure | null;
  /** The error the caller gets if the user closes the screen now (null: the user's rejection, 4001). */
  failure: unknown;
}

/** Options of one send. */
export interface SendTransactionOptions {
  /** Whose wallet signs: kept with this send, whatever is requested after it. */
  account: SendAccount;
  chainId: number;
  uiOptions?: SendTransactionUiOptions;
  /** False with noPromptOnSignature on a headless-signing app: no screen. */
  prompt: boolean;
  waitForReceipt: boolean;
  /** False signs only (eth_signTransaction); default true. */
  broadcast?: boolean;
}
