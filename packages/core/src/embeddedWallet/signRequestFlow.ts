import { DELAY, SIGN_TEXT_MAX } from '@latch/protocol';
import type { FlowMessageCode } from '../machine/flowMessage.js';

/** What is signed: a personal_sign message or EIP-712 typed data. */
export type SignRequestKind = 'message' | 'typedData';

/** The host's texts for one sign call (SPEC §2 EMBEDDED_WALLET_SIGN_REQUEST_SCREEN: title, description, button text). */
export interface SignUiOptions {
  title?: string;
  description?: string;
  buttonText?: string;
}

/** A signature waiting on EMBEDDED_WALLET_SIGN_REQUEST_SCREEN. */
export interface SignRequest {
  /** Tells one request from the next, so a late outcome of an earlier one changes nothing. */
  id: number;
  kind: SignRequestKind;
  payload: unknown;
  /** The host's texts for this call, shown in place of SPEC's defaults (empty: the defaults). */
  uiOptions: SignUiOptions;
  status: 'pending' | 'signing' | 'success' | 'error';
  error: FlowMessageCode | null;
  /** The error signing failed with: what the caller gets if the user closes the screen now. */
  failure: unknown;
}

/** What the provider, the screen, the runner and timers send to the sign request. */
export type SignRequestEvent =
  | { type: 'request'; id: number; kind: SignRequestKind; payload: unknown; uiOptions?: SignUiOptions }
  | { type: 'approve' }
  | { type: 'signed'; id: number; signature: unknown }
  | { type: 'signFailed'; id: number; error: unknown }
  | { type: 'close' }
  | { type: 'autoClose'; id: number }
  /** Logout, another user or destroy: the request goes, its caller gets a rejection (4001). */
  | { type: 'reset' };

/** What the sign request asks its runner to do; `error: null` is the user's rejection (EIP-1193 4001). */
export type SignRequestEffect =
  | { type: 'sign'; id: number }
  | { type: 'resolve'; id: number; signature: unknown }
  | { type: 'reject'; id: number; error: unknown }
  | { type: 'after'; ms: number; event: SignRequestEvent }
  | { type: 'cancelTimers' };

/** A sign request transition; `state: null` means no screen. */
export interface SignRequestTransition {
  state: SignRequest | null;
  effects: SignRequestEffect[];
}

/** The host's texts as the screen and the frame show them: the given ones only, each cut to SIGN_TEXT_MAX. */
export function shownSignTexts(options: SignUiOptions | undefined): SignUiOptions {
  const shown: SignUiOptions = {};
  for (const key of ['title', 'description', 'buttonText'] as const) {
    const value = options?.[key];
    if (typeof value === 'string' && value.trim() !== '') shown[key] = value.slice(0, SIGN_TEXT_MAX[key]);
  }
  return shown;
}

// The caller of a request not signed yet gets the signing error, or else the user's rejection.
const dismiss = (request: SignRequest | null, error: unknown): SignRequestEffect[] =>
  request && request.status !== 'success'
    ? [{ type: 'cancelTimers' }, { type: 'reject', id: request.id, error }]
    : [{ type: 'cancelTimers' }];

/** The sign request's pure transition (SPEC §4 sign request, §8 signing texts). */
export function signRequestTransition(state: SignRequest | null, event: SignRequestEvent): SignRequestTransition {
  const stay = { state, effects: [] };
  switch (event.type) {
    case 'request':
      // A new request replaces one still open: its caller hears a rejection.
      return {
        state: {
          id: event.id,
          kind: event.kind,
          payload: event.payload,
          uiOptions: shownSignTexts(event.uiOptions),
          status: 'pending',
          error: null,
          failure: null,
        },
        effects: dismiss(state, null),
      };
    case 'approve':
      if (!state || state.status === 'signing' || state.status === 'success') return stay;
      return {
        state: { ...state, status: 'signing', error: null, failure: null },
        effects: [{ type: 'sign', id: state.id }],
      };
    case 'signed':
      if (state?.id !== event.id || state.status !== 'signing') return stay;
      // SPEC §4: 'Success', then the screen closes itself.
      return {
        state: { ...state, status: 'success' },
        effects: [
          { type: 'resolve', id: state.id, signature: event.signature },
          { type: 'after', ms: DELAY.successClose, event: { type: 'autoClose', id: state.id } },
        ],
      };
    case 'signFailed':
      if (state?.id !== event.id || state.status !== 'signing') return stay;
      // Cancel on the frame's confirmation is the user's rejection (4001): the screen goes.
      if ((event.error as { code?: unknown } | null)?.code === 'approval_rejected')
        return { state: null, effects: dismiss(state, null) };
      return { state: { ...state, status: 'error', error: 'wallet_error', failure: event.error }, effects: [] };
    case 'close':
      // Closing after a failure reports that failure; closing before signing is a rejection.
      return state ? { state: null, effects: dismiss(state, state.failure ?? null) } : stay;
    case 'autoClose':
      return state?.id === event.id && state.status === 'success' ? { state: null, effects: [] } : stay;
    case 'reset':
      return state ? { state: null, effects: dismiss(state, null) } : stay;
  }
}
