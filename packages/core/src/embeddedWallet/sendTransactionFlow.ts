import type { ErrorCode } from '@latch/protocol';
import type { Hex, TransactionReceipt } from 'viem';
import type { PreparedTransaction, PreparedTransactionFields } from '../transactions/prepareTransaction.js';
import type {
  SendAccount,
  SendTransaction,
  SendTransactionFailure,
  SendTransactionOptions,
  SendTransactionStatus,
} from './sendTransactionState.js';

/**
 * Named delays of the send flow. A transaction not mined within `receiptTimeout` is reported as expired
 * (its hash shown) rather than waited on forever; the node may still mine it later.
 */
export const SEND_TRANSACTION_DELAY = { receiptTimeout: 120_000 } as const;

/** Why waiting for a receipt failed; `replaced` and `expired` keep the hash. */
export type ReceiptFailureReason = 'replaced' | 'expired' | 'failed';

const RECEIPT_FAILURE_CODE: Record<ReceiptFailureReason, ErrorCode> = {
  replaced: 'transaction_replaced',
  expired: 'transaction_expired',
  failed: 'transaction_failed',
};

/** What the provider, the screen and the runner send to the send flow. */
export type SendTransactionEvent =
  | ({ type: 'request'; id: number; request: unknown } & SendTransactionOptions)
  | { type: 'prepared'; id: number; prepared: PreparedTransaction }
  | { type: 'prepareFailed'; id: number; code: ErrorCode; error: unknown }
  /** The screen placed the frame: it asks the user to confirm (the Submit click is the frame's). */
  | { type: 'submit' }
  /** The frame signed (the user clicked Submit in it); sending follows. */
  | { type: 'signed'; id: number }
  /** Sent (or, without broadcast, signed: `raw` is the signed transaction, `hash` its hash). */
  | { type: 'sent'; id: number; hash: Hex; raw?: Hex }
  | { type: 'sendFailed'; id: number; code: ErrorCode; error: unknown }
  | { type: 'receiptReceived'; id: number; receipt: TransactionReceipt }
  | { type: 'receiptFailed'; id: number; reason: ReceiptFailureReason; error: unknown }
  /** 'Retry transaction': prepares again (fresh nonce and fees) and shows the review again. */
  | { type: 'retry' }
  | { type: 'close' }
  /** Logout, another user or destroy: the screen goes; a send not yet signed is rejected (4001). */
  | { type: 'reset' };

/** The outcome a caller gets: the hash, and the receipt when the flow waited for one. */
export interface SendTransactionResult {
  hash: Hex;
  receipt: TransactionReceipt | null;
  /** The signed transaction, for a sign-only request (eth_signTransaction). */
  raw?: Hex;
}

/** What the send flow asks its runner to do; `error: null` in `reject` is the user's rejection (EIP-1193 4001). */
export type SendTransactionEffect =
  | { type: 'prepare'; id: number; request: unknown; chainId: number; account: SendAccount }
  /** Signs in the frame (after the user's click on its confirmation, or headless) and sends the raw transaction. */
  | {
      type: 'signAndSend';
      id: number;
      transaction: PreparedTransactionFields;
      broadcast: boolean;
      account: SendAccount;
    }
  | { type: 'waitForReceipt'; id: number; hash: Hex; chainId: number; timeoutMs: number }
  | { type: 'resolve'; id: number; result: SendTransactionResult }
  /** `failure: null` and `error: null`: the user's rejection (4001); else `error`, or one built from `failure`. */
  | { type: 'reject'; id: number; error: unknown; failure: SendTransactionFailure | null }
  /** A request while another transaction is being sent: refused, the one in flight goes on (EIP-1193 -32002). */
  | { type: 'rejectBusy'; id: number };

/** A send flow transition; `state: null` means no screen. */
interface SendTransactionTransition {
  state: SendTransaction | null;
  effects: SendTransactionEffect[];
}

const isCurrent = (
  state: SendTransaction | null,
  id: number,
  status: SendTransactionStatus,
): state is SendTransaction => state?.id === id && state.status === status;

// A send still open when it goes: its caller hears the failure shown, or else the user's rejection.
const dismiss = (state: SendTransaction | null): SendTransactionEffect[] => {
  if (!state || state.status === 'receipt') return [];
  return state.status === 'error'
    ? [{ type: 'reject', id: state.id, error: state.failure, failure: state.error }]
    : [{ type: 'reject', id: state.id, error: null, failure: null }];
};

// Without a prompt there is no screen to show an error on: the caller gets it at once.
function fail(state: SendTransaction, failure: SendTransactionFailure, error: unknown): SendTransactionTransition {
  if (!state.prompt) return { state: null, effects: [{ type: 'reject', id: state.id, error, failure }] };
  return { state: { ...state, status: 'error', error: failure, failure: error }, effects: [] };
}

function submit(state: SendTransaction): SendTransactionTransition {
  const prepared = state.prepared;
  if (!prepared) return { state, effects: [] };
  return {
    // With a prompt the frame asks first (its Submit signs); without one it signs at once (headless).
    state: { ...state, status: state.prompt ? 'confirming' : 'submitting' },
    effects: [
      {
        type: 'signAndSend',
        id: state.id,
        transaction: prepared.transaction,
        broadcast: state.broadcast,
        account: state.account,
      },
    ],
  };
}

function settled(state: SendTransaction, receipt: TransactionReceipt | null, raw?: Hex): SendTransactionTransition {
  const hash = state.hash as Hex;
  const done = { ...state, status: 'receipt' as const, receipt };
  const result = raw === undefined ? { hash, receipt } : { hash, receipt, raw };
  const effects: SendTransactionEffect[] = [{ type: 'resolve', id: state.id, result }];
  return { state: state.prompt ? done : null, effects };
}

/** A send's progress before it is prepared: nothing reviewed, sent or failed yet. */
const UNPREPARED = {
  status: 'preparing',
  prepared: null,
  hash: null,
  receipt: null,
  error: null,
  failure: null,
} as const;

const preparing = (state: SendTransaction): SendTransactionTransition => ({
  state: { ...state, ...UNPREPARED },
  effects: [{ type: 'prepare', id: state.id, request: state.request, chainId: state.chainId, account: state.account }],
});

/** The send flow's pure transition (SPEC §2 send screen, §5 signing and sending, §8 transaction errors). */
export function sendTransactionTransition(
  state: SendTransaction | null,
  event: SendTransactionEvent,
): SendTransactionTransition {
  const stay = { state, effects: [] };
  switch (event.type) {
    case 'request': {
      // A new request replaces one not yet sent: its caller hears a rejection. One being sent keeps going.
      // The frame asking the user (confirming) counts as being sent: the user may be clicking its Submit.
      if (state && ['confirming', 'submitting', 'awaitingReceipt'].includes(state.status)) {
        return { state, effects: [{ type: 'rejectBusy', id: event.id }] };
      }
      const next = preparing({
        id: event.id,
        request: event.request,
        account: event.account,
        chainId: event.chainId,
        uiOptions: event.uiOptions ?? {},
        prompt: event.prompt,
        waitForReceipt: event.waitForReceipt,
        broadcast: event.broadcast ?? true,
        ...UNPREPARED,
      });
      return { state: next.state, effects: [...dismiss(state), ...next.effects] };
    }
    case 'prepared': {
      if (!isCurrent(state, event.id, 'preparing')) return stay;
      const reviewed = { ...state, prepared: event.prepared };
      if (event.prepared.insufficientFunds) {
        // SPEC §8: the review shows 'Wallet has insufficient funds...' (and Add Funds); Submit stays off.
        const failure = { code: 'insufficient_funds' as const, hash: null };
        if (!state.prompt) return fail(reviewed, failure, null);
        return { state: { ...reviewed, status: 'review', error: failure }, effects: [] };
      }
      if (!state.prompt) return submit(reviewed);
      return { state: { ...reviewed, status: 'review' }, effects: [] };
    }
    case 'prepareFailed':
      if (!isCurrent(state, event.id, 'preparing')) return stay;
      return fail(state, { code: event.code, hash: null }, event.error);
    case 'submit':
      // The frame asks only for a transaction the wallet can pay for.
      if (state?.status !== 'review' || state.prepared?.insufficientFunds) return stay;
      return submit(state);
    case 'signed':
      return isCurrent(state, event.id, 'confirming')
        ? { state: { ...state, status: 'submitting' }, effects: [] }
        : stay;
    case 'sent': {
      // Sent implies signed: a 'signed' that never arrived changes nothing.
      if (!isCurrent(state, event.id, 'submitting') && !isCurrent(state, event.id, 'confirming')) return stay;
      const sent = { ...state, hash: event.hash };
      if (!state.broadcast || !state.waitForReceipt) return settled(sent, null, event.raw);
      return {
        state: { ...sent, status: 'awaitingReceipt' },
        effects: [
          {
            type: 'waitForReceipt',
            id: state.id,
            hash: event.hash,
            chainId: state.chainId,
            timeoutMs: SEND_TRANSACTION_DELAY.receiptTimeout,
          },
        ],
      };
    }
    case 'sendFailed':
      // Cancel on the frame's confirmation is the user's rejection (4001): the screen goes.
      if (isCurrent(state, event.id, 'confirming') && event.code === 'approval_rejected')
        return { state: null, effects: dismiss(state) };
      if (!isCurrent(state, event.id, 'submitting') && !isCurrent(state, event.id, 'confirming')) return stay;
      return fail(state, { code: event.code, hash: null }, event.error);
    case 'receiptReceived': {
      if (!isCurrent(state, event.id, 'awaitingReceipt')) return stay;
      if (event.receipt.status === 'success') return settled(state, event.receipt);
      const failure = { code: 'transaction_reverted' as const, hash: state.hash };
      return fail({ ...state, receipt: event.receipt }, failure, null);
    }
    case 'receiptFailed': {
      if (!isCurrent(state, event.id, 'awaitingReceipt')) return stay;
      const code = RECEIPT_FAILURE_CODE[event.reason];
      return fail(state, { code, hash: state.hash }, event.error);
    }
    case 'retry':
      // After an error, or after Add Funds on a review the balance did not cover: prepare afresh.
      return state?.status === 'error' || (state?.status === 'review' && state.prepared?.insufficientFunds)
        ? preparing(state)
        : stay;
    case 'close':
      // A transaction being signed or sent cannot be called back: the screen stays until it settles.
      if (!state || state.status === 'submitting' || state.status === 'awaitingReceipt') return stay;
      return { state: null, effects: dismiss(state) };
    case 'reset':
      // The session went: the screen goes. A caller whose transaction may be on chain is never told it was
      // rejected (4001): one being signed or sent keeps going without a screen and its caller hears how it
      // ended (hash or the real error); one already sent gets its hash without the receipt.
      if (!state || state.status === 'receipt') return { state: null, effects: [] };
      if (state.status === 'submitting')
        return { state: { ...state, prompt: false, waitForReceipt: false }, effects: [] };
      if (state.status === 'awaitingReceipt')
        return {
          state: null,
          effects: [{ type: 'resolve', id: state.id, result: { hash: state.hash as Hex, receipt: null } }],
        };
      return { state: null, effects: [{ type: 'reject', id: state.id, error: null, failure: null }] };
  }
}
