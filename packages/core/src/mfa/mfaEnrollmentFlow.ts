import type { MfaMethod } from '@latch/protocol';
import { canAddPasskey } from '../passkeys/passkeyList.js';
import {
  FRESH_STEP,
  type MfaEnrollmentEffect,
  type MfaEnrollmentEvent,
  type MfaEnrollmentOption,
  type MfaEnrollmentPending,
  type MfaEnrollmentState,
  type MfaEnrollmentTransition,
  type MfaPasskey,
} from './mfaEnrollmentState.js';
import { mfaCodeError, toMfaErrorCode } from './mfaErrors.js';

/** SPEC §9 "Display": the enrolment's passkey list shows 3, or 2 when there are more than 3. */
export const MFA_PASSKEY_LIST = { shown: 3, shownWhenMore: 2 } as const;

/** The method choice's rows (SPEC §2), in SPEC order, only the app's methods. */
export function mfaEnrollmentOptions(state: MfaEnrollmentState): MfaEnrollmentOption[] {
  return state.appMethods.map((method) => ({
    method,
    recommended: method === 'totp',
    added: state.enrolled.includes(method),
    disabled: method === 'sms' && state.smsLogin && !state.enrolled.includes('sms'),
  }));
}

/** The passkey step's list: the passkeys shown and how many more (SPEC §9). */
export function visibleMfaPasskeys(state: MfaEnrollmentState): { shown: MfaPasskey[]; more: number } {
  const count =
    state.passkeys.length > MFA_PASSKEY_LIST.shown ? MFA_PASSKEY_LIST.shownWhenMore : MFA_PASSKEY_LIST.shown;
  const shown = state.passkeys.slice(0, count);
  return { shown, more: state.passkeys.length - shown.length };
}

/** SPEC §3: the add-a-passkey option is hidden at 5 passkeys. */
export const canCreateMfaPasskey = (state: MfaEnrollmentState): boolean => canAddPasskey(state.passkeys.length);

const stay = (state: MfaEnrollmentState): MfaEnrollmentTransition => ({ state, effects: [] });

// The method's own step; the authenticator app starts by fetching its secret.
function start(state: MfaEnrollmentState, method: MfaMethod): MfaEnrollmentTransition {
  const next: MfaEnrollmentState = { ...state, ...FRESH_STEP, step: method, method, verifying: false, pending: null };
  return method === 'totp' ? { state: { ...next, busy: true }, effects: [{ type: 'initTotp' }] } : stay(next);
}

// SPEC §5: adding or removing a method needs a prior verification when the user has one.
function guarded(state: MfaEnrollmentState, pending: MfaEnrollmentPending): MfaEnrollmentTransition {
  if (state.enrolled.length > 0) {
    return { state: { ...state, verifying: true, pending, error: null }, effects: [{ type: 'verify' }] };
  }
  return run(state, pending);
}

function submission(state: MfaEnrollmentState): MfaEnrollmentEffect | null {
  if (state.method === 'totp') return { type: 'submit', method: 'totp', code: state.code.trim() };
  if (state.method === 'sms')
    return { type: 'submit', method: 'sms', phone: state.phone.trim(), code: state.code.trim() };
  if (state.method === 'passkey') {
    return { type: 'submit', method: 'passkey', credentialIds: state.passkeys.map((p) => p.credentialId) };
  }
  return null;
}

function run(state: MfaEnrollmentState, pending: MfaEnrollmentPending, justVerified = false): MfaEnrollmentTransition {
  const settled = { ...state, verifying: false, pending: null, justVerified };
  if (pending.op === 'add') return start(settled, pending.method);
  if (pending.op === 'remove') {
    return { state: { ...settled, busy: true, error: null }, effects: [{ type: 'unenroll', method: pending.method }] };
  }
  const effect = submission(settled);
  return effect ? { state: { ...settled, busy: true, error: null }, effects: [effect] } : stay(settled);
}

function submit(state: MfaEnrollmentState): MfaEnrollmentTransition {
  if (state.step === 'passkey') {
    return state.passkeys.length > 0 ? run(state, { op: 'submit' }) : stay(state);
  }
  const codeError = mfaCodeError(state.code);
  if (codeError) return stay({ ...state, codeError });
  return run({ ...state, codeError: null }, { op: 'submit' });
}

function failed(state: MfaEnrollmentState, code: string | undefined): MfaEnrollmentTransition {
  // No verification held (it expired, an earlier call took it, or another tab used it): verify, then
  // redo the same call. Right after a verification the same answer means the code itself was wrong.
  if (code === 'missing_or_invalid_mfa' && state.enrolled.length > 0 && !state.justVerified) {
    const pending: MfaEnrollmentPending =
      state.step === 'confirmRemove' && state.method ? { op: 'remove', method: state.method } : { op: 'submit' };
    return { state: { ...state, busy: false, verifying: true, pending }, effects: [{ type: 'verify' }] };
  }
  return stay({ ...state, busy: false, justVerified: false, code: '', error: toMfaErrorCode(code) });
}

const editable = (state: MfaEnrollmentState) => !state.busy && !state.verifying;

/** The enrolment flow's pure transition (SPEC §2 MFA_ENROLLMENT_FLOW_SCREEN, §3 MFA enrolment). */
export function mfaEnrollmentTransition(state: MfaEnrollmentState, event: MfaEnrollmentEvent): MfaEnrollmentTransition {
  switch (event.type) {
    case 'continue':
      if (state.step === 'recoveryCodes') return stay({ ...state, step: 'done', recoveryCodes: null });
      return state.step === 'intro' ? stay({ ...state, step: 'select' }) : stay(state);
    case 'choose': {
      const option = mfaEnrollmentOptions(state).find((o) => o.method === event.method);
      if (state.step !== 'select' || !editable(state) || !option || option.added || option.disabled) return stay(state);
      return guarded(state, { op: 'add', method: event.method });
    }
    case 'remove':
      if (state.step !== 'select' || !editable(state) || !state.enrolled.includes(event.method)) return stay(state);
      return stay({ ...state, ...FRESH_STEP, step: 'confirmRemove', method: event.method });
    case 'confirmRemove':
      if (state.step !== 'confirmRemove' || !editable(state) || !state.method) return stay(state);
      return guarded(state, { op: 'remove', method: state.method });
    case 'back':
      if (!editable(state) || !['totp', 'sms', 'passkey', 'confirmRemove'].includes(state.step)) return stay(state);
      // SMS: back from the code goes to the phone number first.
      if (state.step === 'sms' && state.smsCodeSent)
        return stay({ ...state, smsCodeSent: false, code: '', codeError: null, error: null });
      return stay({ ...state, ...FRESH_STEP, step: 'select', method: null });
    case 'close':
      return { state, effects: [{ type: 'close' }] };
    case 'verified':
      return state.verifying && state.pending ? run(state, state.pending, true) : stay(state);
    case 'verifyFailed':
      // The prompt was closed or blocked: nothing changes; the user may try again.
      if (!state.verifying) return stay(state);
      return stay({
        ...state,
        verifying: false,
        pending: null,
        busy: false,
        error: toMfaErrorCode(event.code ?? 'mfa_canceled'),
      });
    case 'totpReady':
      return state.step === 'totp' && state.busy ? stay({ ...state, busy: false, totp: event.info }) : stay(state);
    case 'phoneChanged':
      return state.step === 'sms' && !state.smsCodeSent && editable(state)
        ? stay({ ...state, phone: event.phone, error: null })
        : stay(state);
    case 'sendCode':
      if (state.step !== 'sms' || !editable(state) || state.phone.trim() === '') return stay(state);
      return {
        state: { ...state, busy: true, error: null },
        effects: [{ type: 'sendSmsCode', phone: state.phone.trim() }],
      };
    case 'codeSent':
      return state.step === 'sms' && state.busy
        ? stay({ ...state, busy: false, smsCodeSent: true, code: '' })
        : stay(state);
    case 'codeChanged': {
      const codeStep = (state.step === 'totp' && state.totp) || (state.step === 'sms' && state.smsCodeSent);
      if (!codeStep || !editable(state)) return stay(state);
      const codeError = mfaCodeError(event.code) === 'mfa_code_not_numeric' ? 'mfa_code_not_numeric' : null;
      return stay({ ...state, code: event.code, codeError, error: null });
    }
    case 'submit': {
      const ready =
        (state.step === 'totp' && state.totp) ||
        (state.step === 'sms' && state.smsCodeSent) ||
        state.step === 'passkey';
      return ready && editable(state) ? submit(state) : stay(state);
    }
    case 'createPasskey':
      if (state.step !== 'passkey' || !editable(state) || !canCreateMfaPasskey(state)) return stay(state);
      return { state: { ...state, busy: true, error: null }, effects: [{ type: 'linkPasskey' }] };
    case 'passkeysChanged':
      return stay({ ...state, passkeys: event.passkeys, busy: state.step === 'passkey' ? false : state.busy });
    case 'saved': {
      if (!state.busy) return stay(state);
      const result = state.step === 'confirmRemove' ? 'removed' : 'added';
      const codes = result === 'added' && event.recoveryCodes?.length ? [...event.recoveryCodes] : null;
      const step = codes ? 'recoveryCodes' : 'done';
      const enrolled = [...event.methods];
      return stay({ ...state, ...FRESH_STEP, step, justVerified: false, enrolled, result, recoveryCodes: codes });
    }
    case 'failed':
      return state.busy ? failed(state, event.code) : stay(state);
  }
}
