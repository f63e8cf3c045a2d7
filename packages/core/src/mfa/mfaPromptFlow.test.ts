import { LIMIT, TIMEOUT } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import {
  type MfaPromptEvent,
  type MfaPromptState,
  type MfaPromptTransition,
  mfaPromptTransition,
  openMfaPrompt,
} from './mfaPromptFlow.js';

// A deadline, not a SPEC delay: marked so the test-only delay scale never shortens it.
const timer = (id = 1) => ({ type: 'after', ms: TIMEOUT.mfaCodeWait, event: { type: 'timeout', id }, timeout: true });
const run = (state: MfaPromptState | null, ...events: MfaPromptEvent[]): MfaPromptTransition => {
  let result: MfaPromptTransition = { state, effects: [] };
  for (const event of events) result = mfaPromptTransition(result.state, event);
  return result;
};
const totp = () => openMfaPrompt(1, 'export', ['totp', 'sms', 'passkey']).state;

describe('MFA prompt: opening', () => {
  it("selects the user's first method and waits TIMEOUT.mfaCodeWait for a code", () => {
    const opened = openMfaPrompt(1, 'export', ['totp', 'sms']);
    expect(opened.state).toMatchObject({ method: 'totp', status: 'ready', error: null, blocked: false, attempts: 0 });
    expect(opened.effects).toEqual([{ type: 'cancelTimers' }, timer()]);
  });

  it('SMS sends its code on entry and is ready once sent; a failed send shows its error', () => {
    const opened = openMfaPrompt(2, 'sign', ['sms']);
    expect(opened.state?.status).toBe('sending');
    expect(opened.effects).toContainEqual({ type: 'sendSmsCode', id: 2 });
    expect(run(opened.state, { type: 'codeSent', id: 2 }).state?.status).toBe('ready');
    const failed = run(opened.state, { type: 'sendFailed', id: 2, code: 'too_many_requests' }).state;
    expect(failed).toMatchObject({ status: 'ready', error: 'too_many_requests', blocked: false });
    // A late answer for another prompt changes nothing.
    expect(run(opened.state, { type: 'codeSent', id: 9 }).state).toBe(opened.state);
  });

  it('a passkey initiates and submits on its own (no input)', () => {
    const opened = openMfaPrompt(3, 'recovery', ['passkey', 'totp']);
    expect(opened.state?.status).toBe('verifying');
    expect(opened.effects).toContainEqual({ type: 'verifyPasskey', id: 3, action: 'recovery' });
    expect(run(opened.state, { type: 'codeChanged', code: '123456' }).state).toBe(opened.state);
  });

  it('no method: nothing opens and the action fails', () => {
    expect(openMfaPrompt(4, 'export', [])).toEqual({
      state: null,
      effects: [{ type: 'reject', id: 4, error: 'mfa_unknown_error' }],
    });
  });

  it("a new prompt replaces an open one, whose action hears 'MFA canceled'", () => {
    const replaced = run(totp(), { type: 'open', id: 2, action: 'send', methods: ['totp'] });
    expect(replaced.state).toMatchObject({ id: 2, action: 'send' });
    expect(replaced.effects).toContainEqual({ type: 'reject', id: 1, error: 'mfa_canceled' });
  });
});

describe('MFA prompt: code entry (SPEC §5)', () => {
  it('shows non-digits at once, a short code only on submit, and sends a 6-digit code', () => {
    expect(run(totp(), { type: 'codeChanged', code: '12a' }).state?.codeError).toBe('mfa_code_not_numeric');
    const short = run(totp(), { type: 'codeChanged', code: '123' });
    expect(short.state?.codeError).toBeNull();
    const submitted = run(short.state, { type: 'submit' });
    expect(submitted).toEqual({ state: { ...short.state, codeError: 'mfa_code_wrong_length' }, effects: [] });
    const good = run(totp(), { type: 'codeChanged', code: ' 123456 ' }, { type: 'submit' });
    expect(good.state?.status).toBe('verifying');
    expect(good.effects).toEqual([
      { type: 'cancelTimers' },
      { type: 'verifyCode', id: 1, action: 'export', method: 'totp', code: '123456' },
    ]);
    // A second submit while verifying sends nothing.
    expect(run(good.state, { type: 'submit' }).effects).toEqual([]);
  });

  it('success closes the prompt and the action goes on', () => {
    const verifying = run(totp(), { type: 'codeChanged', code: '123456' }, { type: 'submit' }).state;
    expect(run(verifying, { type: 'verified', id: 1 })).toEqual({
      state: null,
      effects: [{ type: 'cancelTimers' }, { type: 'resolve', id: 1 }],
    });
    expect(run(verifying, { type: 'verified', id: 7 }).state).toBe(verifying);
  });
});

describe('MFA prompt: failures', () => {
  const wrong = (state: MfaPromptState | null) =>
    run(
      state,
      { type: 'codeChanged', code: '000000' },
      { type: 'submit' },
      { type: 'verifyFailed', id: 1, code: 'missing_or_invalid_mfa' },
    );

  it(`a wrong code: 'not valid', the code cleared, the wait restarted; the ${LIMIT.mfaAttempts}th blocks`, () => {
    let result = wrong(totp());
    expect(result.state).toMatchObject({
      error: 'mfa_invalid_code',
      code: '',
      status: 'ready',
      attempts: 1,
      blocked: false,
    });
    expect(result.effects).toEqual([{ type: 'cancelTimers' }, timer()]);
    for (let i = 2; i < LIMIT.mfaAttempts; i++) result = wrong(result.state);
    expect(result.state).toMatchObject({ attempts: LIMIT.mfaAttempts - 1, blocked: false });
    result = wrong(result.state);
    expect(result.state).toMatchObject({ error: 'mfa_verification_max_attempts_reached', blocked: true });
    expect(result.effects).toEqual([{ type: 'cancelTimers' }]);
  });

  it("the server's max-attempts and expired-code answers block; a blocked prompt takes no input", () => {
    const verifying = run(totp(), { type: 'codeChanged', code: '123456' }, { type: 'submit' }).state;
    for (const code of ['mfa_verification_max_attempts_reached', 'mfa_timeout'] as const) {
      const blocked = run(verifying, { type: 'verifyFailed', id: 1, code }).state;
      expect(blocked).toMatchObject({ error: code, blocked: true, attempts: 0 });
      for (const event of [
        { type: 'codeChanged', code: '1' },
        { type: 'submit' },
        { type: 'selectMethod', method: 'sms' },
        { type: 'chooseAnother' },
        { type: 'resend' },
      ] as MfaPromptEvent[]) {
        expect(run(blocked, event).state).toBe(blocked);
      }
      // Closing now fails the action with the blocking error, not 'MFA canceled'.
      expect(run(blocked, { type: 'cancel' }).effects).toContainEqual({ type: 'reject', id: 1, error: code });
    }
  });

  it('a dismissed passkey dialog is not an attempt and can be retried; other errors are unknown', () => {
    const opened = openMfaPrompt(1, 'export', ['passkey']).state;
    const dismissed = run(opened, { type: 'verifyFailed', id: 1, code: 'passkey_not_allowed' }).state;
    expect(dismissed).toMatchObject({ error: 'passkey_not_allowed', attempts: 0, status: 'ready' });
    expect(run(dismissed, { type: 'submit' }).effects).toContainEqual({
      type: 'verifyPasskey',
      id: 1,
      action: 'export',
    });
    expect(run(opened, { type: 'verifyFailed', id: 1, code: 'wallet_error' }).state?.error).toBe('mfa_unknown_error');
  });

  it(`${TIMEOUT.mfaCodeWait} ms without a submit: mfa_timeout, blocking; not while verifying`, () => {
    const timedOut = run(totp(), { type: 'timeout', id: 1 }).state;
    expect(timedOut).toMatchObject({ error: 'mfa_timeout', blocked: true });
    const verifying = run(totp(), { type: 'codeChanged', code: '123456' }, { type: 'submit' }).state;
    expect(run(verifying, { type: 'timeout', id: 1 }).state).toBe(verifying);
    expect(run(totp(), { type: 'timeout', id: 5 }).state?.blocked).toBe(false);
  });
});

describe('MFA prompt: methods and closing', () => {
  it("'Choose another method' lists the methods; picking SMS sends its code", () => {
    const choosing = run(totp(), { type: 'chooseAnother' }).state;
    expect(choosing?.choosing).toBe(true);
    const sms = run(choosing, { type: 'selectMethod', method: 'sms' });
    expect(sms.state).toMatchObject({ method: 'sms', choosing: false, status: 'sending' });
    expect(sms.effects).toContainEqual({ type: 'sendSmsCode', id: 1 });
    expect(run(sms.state, { type: 'codeSent', id: 1 }, { type: 'resend' }).effects).toContainEqual({
      type: 'sendSmsCode',
      id: 1,
    });
    // A method the user does not have, or a single method, offers nothing.
    const single = openMfaPrompt(1, 'export', ['totp']).state;
    expect(run(single, { type: 'chooseAnother' }).state).toBe(single);
    expect(run(single, { type: 'selectMethod', method: 'sms' }).state).toBe(single);
  });

  it("'Not now' and reset fail the action with 'MFA canceled' and stop the timer", () => {
    for (const type of ['cancel', 'reset'] as const) {
      expect(run(totp(), { type })).toEqual({
        state: null,
        effects: [{ type: 'cancelTimers' }, { type: 'reject', id: 1, error: 'mfa_canceled' }],
      });
    }
    expect(run(null, { type: 'cancel' })).toEqual({ state: null, effects: [] });
  });
});

describe('MFA prompt: a recovery code instead (MFA-06)', () => {
  it("'Use a recovery code' takes letters, verifies with method recovery_code, and has no code timeout", () => {
    const recovery = run(totp(), { type: 'useRecoveryCode' });
    expect(recovery.state).toMatchObject({ recovery: true, status: 'ready', code: '' });
    expect(recovery.effects).toEqual([{ type: 'cancelTimers' }]);
    const typed = run(recovery.state, { type: 'codeChanged', code: 'K3VQ-8DNP-2XHW-M7RA' });
    expect(typed.state).toMatchObject({ code: 'K3VQ-8DNP-2XHW-M7RA', codeError: null });
    const sent = run(typed.state, { type: 'submit' });
    expect(sent.effects).toEqual([
      { type: 'verifyCode', id: 1, action: 'export', method: 'recovery_code', code: 'K3VQ-8DNP-2XHW-M7RA' },
    ]);
    // A wrong one counts as a wrong code; still no timer.
    const wrong = run(sent.state, { type: 'verifyFailed', id: 1, code: 'missing_or_invalid_mfa' });
    expect(wrong.state).toMatchObject({ recovery: true, error: 'mfa_invalid_code', attempts: 1 });
    expect(wrong.effects).toEqual([{ type: 'cancelTimers' }]);
    expect(run(wrong.state, { type: 'timeout', id: 1 }).state).toBe(wrong.state);
    // Back to a method through 'Choose another method', even with one method.
    const single = run(
      openMfaPrompt(2, 'export', ['totp']).state,
      { type: 'useRecoveryCode' },
      { type: 'chooseAnother' },
    );
    expect(single.state?.choosing).toBe(true);
    expect(run(single.state, { type: 'selectMethod', method: 'totp' }).state).toMatchObject({ recovery: false });
  });

  it('an empty recovery code is not sent', () => {
    const recovery = run(totp(), { type: 'useRecoveryCode' }, { type: 'codeChanged', code: '  ' }, { type: 'submit' });
    expect(recovery.effects).toEqual([]);
  });
});
