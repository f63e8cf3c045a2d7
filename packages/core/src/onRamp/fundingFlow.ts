import { DELAY, type ErrorCode, LIMIT } from '@latch/protocol';
import type {
  OnRampProviderTransaction,
  OnRampSignRequest,
  OnRampSignResponse,
  OnRampStatus,
} from '@latch/protocol/onRamp';

/**
 * Where the funding flow is (SPEC §2 FIAT_ON_RAMP_PROMPT_SCREEN then FIAT_ON_RAMP_STATUS_SCREEN): `signing` while
 * the server signs the provider's URL (before the prompt's button is live, so the click opens the tab at once),
 * `prompt` with the signed URL, `status` once the provider's tab is open, `signFailed` when the server refused.
 */
export type FundingStep = 'signing' | 'prompt' | 'status' | 'signFailed';

/** The funding flow's state: what the prompt and status screens render (null: no screen). */
export interface FundingState {
  /** Tells one funding from the next, so a late answer of an earlier one changes nothing. */
  id: number;
  step: FundingStep;
  /** What the server is asked to sign (wallet, sandbox switch, currency, amount, look). */
  request: OnRampSignRequest;
  signed: OnRampSignResponse | null;
  /** SPEC §4 on-ramp status (status step): null before the first answer, shown as pending. */
  status: OnRampStatus | null;
  /** The provider's transaction, once it has one. */
  transaction: OnRampProviderTransaction | null;
  /** Consecutive failed status calls (a 404 is an answer: no transaction yet). */
  errors: number;
  /** The sign call's catalogue code (signFailed step). */
  error: ErrorCode | null;
}

/** What the host action, the screens, the timers and the runner send to the funding flow. */
export type FundingEvent =
  | { type: 'open'; id: number; request: OnRampSignRequest }
  | { type: 'signed'; id: number; response: OnRampSignResponse }
  | { type: 'signFailed'; id: number; code: ErrorCode }
  /** The prompt's button: the provider's tab opens in this same click (a later open is blocked as a popup). */
  | { type: 'continue' }
  | { type: 'poll'; id: number }
  /** The provider answered: its transactions for the external id (`null`: 404, none yet). */
  | { type: 'polled'; id: number; transactions: readonly OnRampProviderTransaction[] | null }
  | { type: 'pollFailed'; id: number }
  /** 'Try again' after a failure: a fresh signed URL and external id, back to the prompt. */
  | { type: 'retry' }
  | { type: 'close' };

/** What the funding flow asks its runner to do. */
export type FundingEffect =
  | { type: 'sign'; id: number; request: OnRampSignRequest }
  | { type: 'openTab'; url: string }
  | { type: 'fetchStatus'; id: number; url: string }
  | { type: 'after'; ms: number; event: FundingEvent }
  | { type: 'cancelTimers' }
  /** The flow closed: fundWallet's caller hears the last status (null: the provider never got that far). */
  | { type: 'done'; id: number; status: OnRampStatus | null };

interface FundingTransition {
  state: FundingState | null;
  effects: FundingEffect[];
}

/** Statuses after which polling stops (SPEC §4): the purchase ended, or needs the user elsewhere. */
const FINAL: readonly OnRampStatus[] = ['completed', 'failed', 'serviceFailure', 'waitingAuthorization'];

/** Whether the status screen still polls for `status`. */
export const isFinalOnRampStatus = (status: OnRampStatus | null): boolean => status !== null && FINAL.includes(status);

// MoonPay's card payment methods (credit_debit_card, and the wallets that pay by card).
const CARD_METHODS = ['credit_debit_card', 'apple_pay', 'google_pay'];

/**
 * The provider's transactions for an external id, as SPEC §4's status: none yet (404 or an empty array),
 * waitingPayment and pending are pending; a card payment waiting for authorisation (3-D Secure in the
 * provider's tab) is pending too; any other waiting authorisation, completed and failed are their own.
 */
export function onRampStatusOf(
  transactions: readonly OnRampProviderTransaction[] | null,
  externalTransactionId: string,
): { status: OnRampStatus; transaction: OnRampProviderTransaction | null } {
  const transaction = transactions?.find((t) => t.externalTransactionId === externalTransactionId) ?? null;
  if (!transaction) return { status: 'pending', transaction };
  switch (transaction.status) {
    case 'completed':
    case 'failed':
      return { status: transaction.status, transaction };
    case 'waitingAuthorization': {
      const card = CARD_METHODS.includes(transaction.paymentMethod ?? '') || transaction.cardPaymentType !== null;
      return { status: card ? 'pending' : 'waitingAuthorization', transaction };
    }
    default:
      return { status: 'pending', transaction };
  }
}

const poll = (id: number): FundingEffect => ({ type: 'after', ms: DELAY.fiatStatusPoll, event: { type: 'poll', id } });

const signing = (id: number, request: OnRampSignRequest): FundingTransition => ({
  state: { id, step: 'signing', request, signed: null, status: null, transaction: null, errors: 0, error: null },
  effects: [{ type: 'sign', id, request }],
});

/** After a status answer or error: the next poll, unless the status is final. */
function answered(state: FundingState, patch: Partial<FundingState>): FundingTransition {
  const next = { ...state, ...patch };
  return { state: next, effects: isFinalOnRampStatus(next.status) ? [] : [poll(state.id)] };
}

const current = (state: FundingState | null, id: number, step: FundingStep): state is FundingState =>
  state?.id === id && state.step === step;

/** The funding flow's pure transition (SPEC §2 on-ramp screens, §4 statuses and polling). */
export function fundingTransition(state: FundingState | null, event: FundingEvent): FundingTransition {
  const stay = { state, effects: [] };
  switch (event.type) {
    case 'open': {
      // A new funding replaces one on screen: its caller hears how far that one got.
      const next = signing(event.id, event.request);
      if (!state) return next;
      return {
        state: next.state,
        effects: [{ type: 'cancelTimers' }, { type: 'done', id: state.id, status: state.status }, ...next.effects],
      };
    }
    case 'signed':
      return current(state, event.id, 'signing')
        ? { state: { ...state, step: 'prompt', signed: event.response }, effects: [] }
        : stay;
    case 'signFailed':
      return current(state, event.id, 'signing')
        ? { state: { ...state, step: 'signFailed', error: event.code }, effects: [] }
        : stay;
    case 'continue':
      if (state?.step !== 'prompt' || !state.signed) return stay;
      return {
        state: { ...state, step: 'status', status: 'pending' },
        effects: [{ type: 'openTab', url: state.signed.signedUrl }, poll(state.id)],
      };
    case 'poll':
      if (!current(state, event.id, 'status') || !state.signed || isFinalOnRampStatus(state.status)) return stay;
      return { state, effects: [{ type: 'fetchStatus', id: state.id, url: state.signed.statusUrl }] };
    case 'polled': {
      if (!current(state, event.id, 'status') || !state.signed || isFinalOnRampStatus(state.status)) return stay;
      // An answer, 404 included, ends a run of errors: only consecutive failed calls mean the service failed.
      return answered(state, { ...onRampStatusOf(event.transactions, state.signed.externalTransactionId), errors: 0 });
    }
    case 'pollFailed': {
      if (!current(state, event.id, 'status') || isFinalOnRampStatus(state.status)) return stay;
      const errors = state.errors + 1;
      const failed = errors >= LIMIT.fiatStatusMaxConsecutiveErrors;
      return answered(state, failed ? { errors, status: 'serviceFailure' } : { errors });
    }
    case 'retry': {
      const again = state?.step === 'signFailed' || state?.status === 'failed' || state?.status === 'serviceFailure';
      if (!state || !again) return stay;
      const next = signing(state.id, state.request);
      return { state: next.state, effects: [{ type: 'cancelTimers' }, ...next.effects] };
    }
    case 'close':
      if (!state) return stay;
      return { state: null, effects: [{ type: 'cancelTimers' }, { type: 'done', id: state.id, status: state.status }] };
  }
}
