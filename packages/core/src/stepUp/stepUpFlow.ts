import { DELAY, type StepUpAction, type WireStepUpFactor } from '@latch/protocol';

/**
 * Where the step-up is: `loading` the factors, `choosing` one, `sending` its code, waiting for the `code`,
 * `verifying` it, or `proving` with a passkey, a wallet signature or an OAuth round trip (init, the ceremony
 * and the verify in one step).
 */
export type StepUpStatus = 'loading' | 'choosing' | 'sending' | 'code' | 'verifying' | 'proving';

/** The step-up screen's state for one gated action (docs/widget.md "Step-up"); `null` means no screen. */
export interface StepUpState {
  /** Tells one step-up from the next, so a late outcome of an earlier one changes nothing. */
  id: number;
  /** What the verification is for (the server binds its record to it). */
  action: StepUpAction;
  /** The factors the user had before this session (empty: nothing can confirm this action). */
  factors: WireStepUpFactor[];
  /** The factor being used; null while choosing. */
  factor: WireStepUpFactor | null;
  status: StepUpStatus;
  /** Where the code went (masked); '' for the authenticator app. */
  destination: string;
  /** The last failure's catalogue code (shown under the buttons or the code boxes). */
  error: string | null;
  /** Bumped when the code boxes must clear (the screen keys its CodeInput with it). */
  codeKey: number;
}

/** What the screen, the runner and the timer send to the flow. */
export type StepUpEvent =
  | { type: 'open'; id: number; action: StepUpAction }
  | { type: 'factorsLoaded'; id: number; factors: WireStepUpFactor[] }
  | { type: 'factorsFailed'; id: number; code?: string }
  /** A factor's button (an OAuth button opens its popup in the click first: openOAuthPopup). */
  | { type: 'pick'; factor: WireStepUpFactor }
  | { type: 'codeSent'; id: number; destination: string }
  | { type: 'sendFailed'; id: number; code?: string }
  /** The six boxes are full. */
  | { type: 'submitCode'; code: string }
  | { type: 'resend' }
  | { type: 'verified'; id: number }
  | { type: 'verifyFailed'; id: number; code?: string }
  /** `DELAY.codeBoxesClearAfterFailure` after a rejected code. */
  | { type: 'clearCode'; id: number }
  /** 'Use another method': back to the list. */
  | { type: 'back' }
  /** 'Cancel', × or Escape: the waiting action fails as it would have without a step-up. */
  | { type: 'cancel' }
  /** Logout, another user or destroy. */
  | { type: 'reset' };

/** What the flow asks its runner to do. */
export type StepUpEffect =
  | { type: 'listFactors'; id: number }
  /** STEP_UP_API.init for a code factor (email, sms, sms_mfa) or the authenticator app (totp). */
  | { type: 'sendCode'; id: number; action: StepUpAction; factor: WireStepUpFactor }
  | { type: 'verifyCode'; id: number; action: StepUpAction; factor: WireStepUpFactor; code: string }
  /** passkey, wallet, oauth: init, the ceremony (assertion, signature, popup) and verify. */
  | { type: 'prove'; id: number; action: StepUpAction; factor: WireStepUpFactor }
  /** Verified: the waiting action is retried. */
  | { type: 'resolve'; id: number }
  /** No step-up: the waiting action fails with its own error. */
  | { type: 'reject'; id: number }
  | { type: 'after'; ms: number; event: StepUpEvent }
  | { type: 'cancelTimers' };

/** A step-up transition. */
export interface StepUpTransition {
  state: StepUpState | null;
  effects: StepUpEffect[];
}

/** The factor types that answer with a code typed into the boxes. */
const CODE_TYPES: ReadonlySet<string> = new Set(['email', 'sms', 'sms_mfa', 'totp']);

/** True when `factor` is proved by a typed code (sent, or from the authenticator app). */
export const isCodeFactor = (factor: WireStepUpFactor): boolean => CODE_TYPES.has(factor.type);

const stay = (state: StepUpState | null): StepUpTransition => ({ state, effects: [] });

const dismiss = (state: StepUpState | null): StepUpTransition => ({
  state: null,
  effects: state ? [{ type: 'cancelTimers' }, { type: 'reject', id: state.id }] : [],
});

// Using a factor: a code factor first gets its code (init), the others run their whole proof.
function use(state: StepUpState, factor: WireStepUpFactor): StepUpTransition {
  const { id, action } = state;
  const base = { ...state, factor, destination: '', error: null };
  if (isCodeFactor(factor)) {
    return { state: { ...base, status: 'sending' }, effects: [{ type: 'sendCode', id, action, factor }] };
  }
  return { state: { ...base, status: 'proving' }, effects: [{ type: 'prove', id, action, factor }] };
}

/** The first state of a step-up: the factors load. */
export function openStepUp(id: number, action: StepUpAction): StepUpTransition {
  const state: StepUpState = {
    id,
    action,
    factors: [],
    factor: null,
    status: 'loading',
    destination: '',
    error: null,
    codeKey: 0,
  };
  return { state, effects: [{ type: 'listFactors', id }] };
}

/** The step-up screen's pure transition: list → pick → code or ceremony → verify → the action goes on. */
export function stepUpTransition(state: StepUpState | null, event: StepUpEvent): StepUpTransition {
  if (event.type === 'open') {
    // A new step-up replaces an open one, whose action fails as it would have.
    const opened = openStepUp(event.id, event.action);
    return { state: opened.state, effects: [...dismiss(state).effects, ...opened.effects] };
  }
  if (!state) return stay(state);
  // Outcomes of calls carry the step-up's id: a late one for an earlier step-up changes nothing.
  if ('id' in event && event.id !== state.id) return stay(state);
  switch (event.type) {
    case 'factorsLoaded':
      if (state.status !== 'loading') return stay(state);
      return { state: { ...state, status: 'choosing', factors: event.factors }, effects: [] };
    case 'factorsFailed':
      if (state.status !== 'loading') return stay(state);
      return { state: { ...state, status: 'choosing', error: event.code ?? 'internal_error' }, effects: [] };
    case 'pick':
      if (state.status !== 'choosing' && state.status !== 'code') return stay(state);
      if (!state.factors.some((f) => f.type === event.factor.type && f.id === event.factor.id)) return stay(state);
      return use(state, event.factor);
    case 'codeSent':
      if (state.status !== 'sending') return stay(state);
      return { state: { ...state, status: 'code', destination: event.destination }, effects: [] };
    case 'sendFailed':
      if (state.status !== 'sending') return stay(state);
      return { state: { ...state, status: 'choosing', error: event.code ?? 'internal_error' }, effects: [] };
    case 'submitCode': {
      const { factor } = state;
      if (state.status !== 'code' || !factor) return stay(state);
      return {
        state: { ...state, status: 'verifying', error: null },
        effects: [
          { type: 'cancelTimers' },
          { type: 'verifyCode', id: state.id, action: state.action, factor, code: event.code.trim() },
        ],
      };
    }
    case 'resend':
      return state.status === 'code' && state.factor && state.factor.type !== 'totp'
        ? use(state, state.factor)
        : stay(state);
    case 'verified':
      if (state.status !== 'verifying' && state.status !== 'proving') return stay(state);
      return { state: null, effects: [{ type: 'cancelTimers' }, { type: 'resolve', id: state.id }] };
    case 'verifyFailed': {
      const error = event.code ?? 'internal_error';
      // A failed ceremony goes back to the list (try it again or another factor).
      if (state.status === 'proving') return { state: { ...state, status: 'choosing', error }, effects: [] };
      if (state.status !== 'verifying') return stay(state);
      // As on the login's code screen: the error shows, and the boxes clear after a pause.
      return {
        state: { ...state, status: 'code', error },
        effects: [{ type: 'after', ms: DELAY.codeBoxesClearAfterFailure, event: { type: 'clearCode', id: state.id } }],
      };
    }
    case 'clearCode':
      return state.status === 'code' ? { state: { ...state, codeKey: state.codeKey + 1 }, effects: [] } : stay(state);
    case 'back':
      // A ceremony or a verification in flight finishes first.
      if (state.status !== 'code' && state.status !== 'choosing') return stay(state);
      return {
        state: { ...state, status: 'choosing', factor: null, destination: '', error: null },
        effects: [{ type: 'cancelTimers' }],
      };
    case 'cancel':
    case 'reset':
      return dismiss(state);
  }
}
