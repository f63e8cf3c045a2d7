import { DELAY } from '@latch/protocol';
import {
  canContinueWithPassword,
  confirmPasswordError,
  invalidPasswordCharacters,
  type PasswordStrength,
  passwordStrength,
} from '@latch/protocol/password';
import type { FlowMessage, FlowMessageCode } from '../machine/flowMessage.js';
import { passwordError } from './passwordRules.js';

/** SPEC §4 "Wallet password flow": the steps, in order. */
export type PasswordStep = 'creating' | 'saving' | 'confirming' | 'finalizing' | 'done';

/** The password flow's state: the step, the fields and what the screens show. */
export interface PasswordFlowState {
  step: PasswordStep;
  /** 'create' makes the wallet with this password; 'update' sets it on the user's wallet. */
  purpose: 'create' | 'update';
  /** The create step's title: 'Reset your password' when the wallet already has one. */
  reset: boolean;
  /** Back from creating is offered only when the flow came from recovery selection (SPEC §4). */
  fromSelection: boolean;
  password: string;
  revealed: boolean;
  strength: PasswordStrength | null;
  confirmation: string;
  confirmTouched: boolean;
  acknowledged: boolean;
  copied: boolean;
  submitting: boolean;
  /** On done: success, or the message under 'Something went wrong'. */
  result: { ok: true } | { ok: false; error: FlowMessageCode } | null;
}

/** What the user (or an effect's outcome) does in the password flow. */
export type PasswordFlowEvent =
  | { type: 'passwordChanged'; password: string }
  | { type: 'toggleReveal' }
  | { type: 'generate' }
  | { type: 'passwordGenerated'; password: string }
  | { type: 'strengthEstimated'; password: string; estimate: number }
  | { type: 'continue' }
  | { type: 'back' }
  | { type: 'copy' }
  | { type: 'copiedReset' }
  | { type: 'download' }
  | { type: 'confirmationChanged'; confirmation: string }
  | { type: 'confirmationBlurred' }
  | { type: 'acknowledge'; checked: boolean }
  | { type: 'submit' }
  | { type: 'submitNow' }
  | { type: 'submitted' }
  | { type: 'submitFailed'; rateLimited: boolean }
  | { type: 'retry' };

/** What the password flow asks its runner to do. */
export type PasswordFlowEffect =
  | { type: 'estimateStrength'; password: string }
  | { type: 'generatePassword' }
  | { type: 'copy'; text: string }
  | { type: 'download'; text: string }
  | { type: 'submitPassword'; purpose: 'create' | 'update'; password: string }
  | { type: 'after'; ms: number; event: PasswordFlowEvent };

/** A password flow transition. */
interface PasswordTransition {
  state: PasswordFlowState;
  effects: PasswordFlowEffect[];
}

/** A fresh flow on the creating step. */
export function initialPasswordFlow(options: {
  purpose: 'create' | 'update';
  reset?: boolean;
  fromSelection?: boolean;
}): PasswordFlowState {
  return {
    step: 'creating',
    purpose: options.purpose,
    reset: options.reset ?? false,
    fromSelection: options.fromSelection ?? false,
    password: '',
    revealed: false,
    strength: null,
    confirmation: '',
    confirmTouched: false,
    acknowledged: false,
    copied: false,
    submitting: false,
    result: null,
  };
}

/** The creating step's validation message (SPEC §5: refused characters first, then the length), or null. */
export function createStepError(state: PasswordFlowState): FlowMessage | null {
  const invalid = invalidPasswordCharacters(state.password);
  if (invalid.length > 0) {
    // SPEC §5 lists each refused character once, a space as SPACE.
    const characters = invalid.map((c) => (c === ' ' ? 'SPACE' : c)).join(' ');
    return { code: 'password_invalid_characters', values: { characters } };
  }
  return passwordError(state.password) ? { code: 'password_too_short' } : null;
}

/** The confirming step's message: password_mismatch once touched. */
export const confirmStepError = (state: PasswordFlowState): FlowMessageCode | null =>
  confirmPasswordError(state.password, state.confirmation, state.confirmTouched) ? 'password_mismatch' : null;

/** True when Continue (creating, saving, confirming) or 'Set Password' (finalizing) is enabled. */
export function canAdvance(state: PasswordFlowState): boolean {
  switch (state.step) {
    case 'creating':
      return canContinueWithPassword(state.password);
    case 'saving':
      return true;
    case 'confirming':
      return state.confirmation === state.password;
    case 'finalizing':
      return state.acknowledged && !state.submitting;
    case 'done':
      return false;
  }
}

/** True when a Back button shows on this step (SPEC §4: creating only when coming from selection). */
export function canGoBack(state: PasswordFlowState): boolean {
  if (state.step === 'creating') return state.fromSelection;
  return state.step !== 'done' && !state.submitting;
}

const PREVIOUS: Partial<Record<PasswordStep, PasswordStep>> = {
  saving: 'creating',
  confirming: 'saving',
  finalizing: 'confirming',
};
const NEXT: Partial<Record<PasswordStep, PasswordStep>> = {
  creating: 'saving',
  saving: 'confirming',
  confirming: 'finalizing',
};

function setPassword(state: PasswordFlowState, password: string): PasswordTransition {
  // A changed password invalidates what was confirmed or acknowledged for the old one.
  const next: PasswordFlowState = {
    ...state,
    password,
    strength: password ? passwordStrength(password, 0) : null,
    confirmation: '',
    confirmTouched: false,
    acknowledged: false,
  };
  return { state: next, effects: password ? [{ type: 'estimateStrength', password }] : [] };
}

const stay = (state: PasswordFlowState): PasswordTransition => ({ state, effects: [] });

/** The password flow's pure transition; the runner performs the effects. */
export function passwordFlowTransition(state: PasswordFlowState, event: PasswordFlowEvent): PasswordTransition {
  const busy = state.submitting || state.step === 'done';
  switch (event.type) {
    case 'passwordChanged':
      return state.step === 'creating' ? setPassword(state, event.password) : stay(state);
    case 'toggleReveal':
      return stay({ ...state, revealed: !state.revealed });
    case 'generate':
      return state.step === 'creating' ? { state, effects: [{ type: 'generatePassword' }] } : stay(state);
    case 'passwordGenerated': {
      if (state.step !== 'creating') return stay(state);
      // A generated password is shown, so the user can read what they are about to save.
      const next = setPassword(state, event.password);
      return { ...next, state: { ...next.state, revealed: true } };
    }
    case 'strengthEstimated':
      // A late estimate for an older password is dropped.
      if (event.password !== state.password) return stay(state);
      return stay({ ...state, strength: passwordStrength(event.password, event.estimate) });
    case 'continue': {
      const next = NEXT[state.step];
      if (!next || !canAdvance(state)) return stay(state);
      return stay({ ...state, step: next, copied: false });
    }
    case 'back': {
      const previous = PREVIOUS[state.step];
      if (!previous || busy) return stay(state);
      return stay({ ...state, step: previous, confirmTouched: false, copied: false });
    }
    case 'copy':
      if (state.step !== 'saving') return stay(state);
      return {
        state: { ...state, copied: true },
        effects: [
          { type: 'copy', text: state.password },
          { type: 'after', ms: DELAY.copiedFeedback, event: { type: 'copiedReset' } },
        ],
      };
    case 'copiedReset':
      return stay({ ...state, copied: false });
    case 'download':
      return state.step === 'saving' ? { state, effects: [{ type: 'download', text: state.password }] } : stay(state);
    case 'confirmationChanged': {
      if (state.step !== 'confirming') return stay(state);
      // Touched once the user has typed as much as the password, or left the field.
      const touched = state.confirmTouched || event.confirmation.length >= state.password.length;
      return stay({ ...state, confirmation: event.confirmation, confirmTouched: touched });
    }
    case 'confirmationBlurred':
      return state.step === 'confirming' && state.confirmation ? stay({ ...state, confirmTouched: true }) : stay(state);
    case 'acknowledge':
      return state.step === 'finalizing' && !state.submitting
        ? stay({ ...state, acknowledged: event.checked })
        : stay(state);
    case 'submit':
      if (state.step !== 'finalizing' || !canAdvance(state)) return stay(state);
      // SPEC §4: finalizing runs the submit; the password-create submit pauses 250 ms first.
      return {
        state: { ...state, submitting: true },
        effects: [{ type: 'after', ms: DELAY.passwordCreatePause, event: { type: 'submitNow' } }],
      };
    case 'submitNow':
      if (state.step !== 'finalizing' || !state.submitting) return stay(state);
      return { state, effects: [{ type: 'submitPassword', purpose: state.purpose, password: state.password }] };
    case 'submitted':
      if (!state.submitting) return stay(state);
      return stay({ ...state, step: 'done', submitting: false, result: { ok: true } });
    case 'submitFailed': {
      if (!state.submitting) return stay(state);
      const fallback = state.purpose === 'create' ? 'create_wallet_failed' : 'set_password_failed';
      const error = event.rateLimited ? 'too_many_requests' : fallback;
      return stay({ ...state, step: 'done', submitting: false, result: { ok: false, error } });
    }
    case 'retry':
      if (state.step !== 'done' || state.result?.ok !== false) return stay(state);
      return stay({ ...state, step: 'finalizing', result: null });
  }
}
