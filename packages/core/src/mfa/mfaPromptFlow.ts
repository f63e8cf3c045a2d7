import type { MfaAction, MfaMethod } from '@latch/protocol';
import { LIMIT, TIMEOUT } from '@latch/protocol';
import {
  isBlockingMfaError,
  type MfaCodeErrorCode,
  type MfaErrorCode,
  mfaCodeError,
  toMfaErrorCode,
} from './mfaErrors.js';

/**
 * Where the prompt is: `sending` an SMS code, `ready` for a code (or a passkey retry), `verifying` a
 * code or running the passkey ceremony.
 */
export type MfaPromptStatus = 'sending' | 'ready' | 'verifying';

/** SPEC §2/§3 MFA prompt ('Verify your identity') for one action; `null` means no prompt. */
export interface MfaPromptState {
  /** Tells one prompt from the next, so a late outcome of an earlier one changes nothing. */
  id: number;
  /** What the verification is for (bound server-side to this action). */
  action: MfaAction;
  /** The user's methods, in order; the first is selected when the prompt opens. */
  methods: MfaMethod[];
  method: MfaMethod;
  /** 'Choose another method' is open: the screen lists `methods`. */
  choosing: boolean;
  /** 'Use a recovery code': the code typed is one of the user's recovery codes (MFA-06), not `method`'s. */
  recovery: boolean;
  code: string;
  /** SPEC §5 message for the typed code (non-digits show at once, the length on submit). */
  codeError: MfaCodeErrorCode | null;
  status: MfaPromptStatus;
  /** The last verification's error; a blocking one disables the inputs (`blocked`). */
  error: MfaErrorCode | null;
  /** SPEC §3: max attempts or an expired code: inputs disabled, only 'Not now' / close remain. */
  blocked: boolean;
  /** Wrong codes in this prompt (SPEC §3 "MFA verification": up to `LIMIT.mfaAttempts`). */
  attempts: number;
}

/** What the screen, the runner and the timer send to the prompt. */
export type MfaPromptEvent =
  | { type: 'open'; id: number; action: MfaAction; methods: MfaMethod[] }
  | { type: 'chooseAnother' }
  | { type: 'selectMethod'; method: MfaMethod }
  /** 'Use a recovery code' instead of the method's code. */
  | { type: 'useRecoveryCode' }
  | { type: 'codeChanged'; code: string }
  | { type: 'submit' }
  /** SMS: send a new code. */
  | { type: 'resend' }
  | { type: 'codeSent'; id: number }
  | { type: 'sendFailed'; id: number; code?: string }
  | { type: 'verified'; id: number }
  /** `code`: the catalogue code of the failure (`missing_or_invalid_mfa`, `mfa_timeout`, …). */
  | { type: 'verifyFailed'; id: number; code?: string }
  /** `TIMEOUT.mfaCodeWait` passed without a submit. */
  | { type: 'timeout'; id: number }
  /** 'Not now' or closing the dialog. */
  | { type: 'cancel' }
  /** Logout, another user or destroy. */
  | { type: 'reset' };

/** What the prompt asks its runner to do. */
export type MfaPromptEffect =
  /** SMS: `MFA_API.smsInit {action:'verify'}` (a code to the user's MFA phone). */
  | { type: 'sendSmsCode'; id: number }
  /** `latch:mfa:verify` with a code. */
  | { type: 'verifyCode'; id: number; action: MfaAction; method: 'totp' | 'sms' | 'recovery_code'; code: string }
  /** Passkey: `MFA_API.passkeysInit`, the WebAuthn ceremony, then `latch:mfa:verify`. */
  | { type: 'verifyPasskey'; id: number; action: MfaAction }
  /** The waiting action may go on. */
  | { type: 'resolve'; id: number }
  /** The waiting action fails: `mfa_canceled` ('MFA canceled'), or the blocking error. */
  | { type: 'reject'; id: number; error: MfaErrorCode }
  /** `timeout`: a deadline, never scaled by the test-only delay scale (machineCore's `after`). */
  | { type: 'after'; ms: number; event: MfaPromptEvent; timeout?: true }
  | { type: 'cancelTimers' };

/** A prompt transition. */
export interface MfaPromptTransition {
  state: MfaPromptState | null;
  effects: MfaPromptEffect[];
}

const waitForCode = (id: number): MfaPromptEffect[] => [
  { type: 'cancelTimers' },
  { type: 'after', ms: TIMEOUT.mfaCodeWait, event: { type: 'timeout', id }, timeout: true },
];

// Entering a method: SMS sends its code, a passkey starts its ceremony, a code method waits for input.
function enter(state: MfaPromptState, method: MfaMethod): MfaPromptTransition {
  const base = { ...state, method, choosing: false, recovery: false, code: '', codeError: null, error: null };
  if (method === 'sms') {
    return {
      state: { ...base, status: 'sending' },
      effects: [...waitForCode(state.id), { type: 'sendSmsCode', id: state.id }],
    };
  }
  if (method === 'passkey') {
    return {
      state: { ...base, status: 'verifying' },
      effects: [{ type: 'cancelTimers' }, { type: 'verifyPasskey', id: state.id, action: state.action }],
    };
  }
  return { state: { ...base, status: 'ready' }, effects: waitForCode(state.id) };
}

const dismiss = (state: MfaPromptState | null, error: MfaErrorCode): MfaPromptTransition => ({
  state: null,
  effects: state ? [{ type: 'cancelTimers' }, { type: 'reject', id: state.id, error }] : [],
});

function failed(state: MfaPromptState, code: string | undefined): MfaPromptTransition {
  const error = toMfaErrorCode(code);
  const attempts = error === 'mfa_invalid_code' ? state.attempts + 1 : state.attempts;
  // The 4th wrong code blocks here even if the server's lock answer is not in yet.
  const shown = attempts >= LIMIT.mfaAttempts ? 'mfa_verification_max_attempts_reached' : error;
  const blocked = isBlockingMfaError(shown);
  const next: MfaPromptState = {
    ...state,
    status: 'ready',
    code: '',
    codeError: null,
    error: shown,
    blocked,
    attempts,
  };
  // A recovery code has no sent code to wait for: no timeout.
  const idle = blocked || state.recovery;
  return { state: next, effects: idle ? [{ type: 'cancelTimers' }] : waitForCode(state.id) };
}

/** The first state of a prompt: the first method selected (SPEC §3). */
export function openMfaPrompt(id: number, action: MfaAction, methods: MfaMethod[]): MfaPromptTransition {
  const first = methods[0];
  if (!first) return { state: null, effects: [{ type: 'reject', id, error: 'mfa_unknown_error' }] };
  const blank: MfaPromptState = {
    id,
    action,
    methods,
    method: first,
    choosing: false,
    recovery: false,
    code: '',
    codeError: null,
    status: 'ready',
    error: null,
    blocked: false,
    attempts: 0,
  };
  return enter(blank, first);
}

/** The MFA prompt's pure transition (SPEC §2/§3 MFA prompt and verification, §8 MFA errors). */
export function mfaPromptTransition(state: MfaPromptState | null, event: MfaPromptEvent): MfaPromptTransition {
  const stay: MfaPromptTransition = { state, effects: [] };
  if (event.type === 'open') {
    // A new prompt replaces an open one, whose action hears 'MFA canceled'.
    const opened = openMfaPrompt(event.id, event.action, event.methods);
    return { state: opened.state, effects: [...dismiss(state, 'mfa_canceled').effects, ...opened.effects] };
  }
  if (!state) return stay;
  // Blocked: every input is disabled; only closing remains.
  if (state.blocked && event.type !== 'cancel' && event.type !== 'reset') return stay;
  switch (event.type) {
    case 'chooseAnother':
      return state.status === 'verifying' || (state.methods.length < 2 && !state.recovery)
        ? stay
        : { state: { ...state, choosing: true }, effects: [] };
    case 'useRecoveryCode':
      if (state.status === 'verifying' || state.recovery) return stay;
      return {
        state: { ...state, recovery: true, choosing: false, status: 'ready', code: '', codeError: null, error: null },
        effects: [{ type: 'cancelTimers' }],
      };
    case 'selectMethod':
      if (state.status === 'verifying' || !state.methods.includes(event.method)) return stay;
      return enter(state, event.method);
    case 'codeChanged': {
      if (state.status === 'verifying') return stay;
      // A recovery code is letters and digits: no 6-digit rule.
      if (state.recovery) return { state: { ...state, code: event.code, codeError: null, error: null }, effects: [] };
      if (state.method === 'passkey') return stay;
      const problem = mfaCodeError(event.code);
      // Non-digits show at once; a short code only on submit (the user is still typing).
      const codeError = problem === 'mfa_code_not_numeric' ? problem : null;
      return { state: { ...state, code: event.code, codeError, error: null }, effects: [] };
    }
    case 'submit': {
      if (state.status !== 'ready') return stay;
      if (state.recovery) {
        const code = state.code.trim();
        if (code === '') return stay;
        return {
          state: { ...state, status: 'verifying', error: null },
          effects: [{ type: 'verifyCode', id: state.id, action: state.action, method: 'recovery_code', code }],
        };
      }
      if (state.method === 'passkey') return enter(state, 'passkey');
      const codeError = mfaCodeError(state.code);
      if (codeError) return { state: { ...state, codeError }, effects: [] };
      return {
        state: { ...state, status: 'verifying', codeError: null, error: null },
        effects: [
          { type: 'cancelTimers' },
          { type: 'verifyCode', id: state.id, action: state.action, method: state.method, code: state.code.trim() },
        ],
      };
    }
    case 'resend':
      return state.method === 'sms' && state.status === 'ready' ? enter(state, 'sms') : stay;
    case 'codeSent':
      return state.id === event.id && state.status === 'sending'
        ? { state: { ...state, status: 'ready' }, effects: [] }
        : stay;
    case 'sendFailed':
      if (state.id !== event.id || state.status !== 'sending') return stay;
      return { state: { ...state, status: 'ready', error: toMfaErrorCode(event.code) }, effects: [] };
    case 'verified':
      // SPEC §3: success closes the prompt; the waiting action goes on.
      if (state.id !== event.id || state.status !== 'verifying') return stay;
      return { state: null, effects: [{ type: 'cancelTimers' }, { type: 'resolve', id: state.id }] };
    case 'verifyFailed':
      return state.id === event.id && state.status === 'verifying' ? failed(state, event.code) : stay;
    case 'timeout':
      // A ceremony or a verification in flight finishes first; a recovery code has no sent code to expire.
      if (state.id !== event.id || state.status === 'verifying' || state.recovery) return stay;
      return { state: { ...state, status: 'ready', error: 'mfa_timeout', blocked: true }, effects: [] };
    case 'cancel':
    case 'reset':
      // A blocked prompt's action fails with the blocking error; otherwise the user cancelled.
      return dismiss(state, state.blocked && state.error ? state.error : 'mfa_canceled');
  }
}
