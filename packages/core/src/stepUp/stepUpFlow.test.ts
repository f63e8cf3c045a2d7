import { DELAY, type WireStepUpFactor } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import {
  openStepUp,
  type StepUpEvent,
  type StepUpState,
  type StepUpTransition,
  stepUpTransition,
} from './stepUpFlow.js';

const EMAIL: WireStepUpFactor = { type: 'email', id: 'ada@example.com', label: 'a***@example.com' };
const PASSKEY: WireStepUpFactor = { type: 'passkey', id: '', label: '' };
const GOOGLE: WireStepUpFactor = { type: 'oauth', id: 'google', label: 'Google' };
const TOTP: WireStepUpFactor = { type: 'totp', id: '', label: '' };

const run = (state: StepUpState | null, ...events: StepUpEvent[]): StepUpTransition => {
  let result: StepUpTransition = { state, effects: [] };
  for (const event of events) result = stepUpTransition(result.state, event);
  return result;
};
const listed = (...factors: WireStepUpFactor[]) =>
  run(openStepUp(1, 'link').state, { type: 'factorsLoaded', id: 1, factors }).state;

describe('step-up flow: the factors', () => {
  it('opens loading the factors, then lists them for a choice', () => {
    const opened = openStepUp(1, 'export');
    expect(opened.state).toMatchObject({ id: 1, action: 'export', status: 'loading', factors: [] });
    expect(opened.effects).toEqual([{ type: 'listFactors', id: 1 }]);
    const state = run(opened.state, { type: 'factorsLoaded', id: 1, factors: [EMAIL, PASSKEY] }).state;
    expect(state).toMatchObject({ status: 'choosing', factors: [EMAIL, PASSKEY], factor: null });
  });

  it('a failed listing shows its error on the (empty) list', () => {
    const state = run(openStepUp(1, 'link').state, { type: 'factorsFailed', id: 1, code: 'too_many_requests' }).state;
    expect(state).toMatchObject({ status: 'choosing', error: 'too_many_requests', factors: [] });
  });

  it('ignores a late answer for an earlier step-up, and a factor that was not offered', () => {
    const state = listed(EMAIL);
    expect(run(state, { type: 'factorsLoaded', id: 7, factors: [PASSKEY] }).state).toBe(state);
    expect(run(state, { type: 'pick', factor: PASSKEY }).state).toBe(state);
  });

  it('a new step-up replaces an open one, whose action fails as it would have', () => {
    const replaced = run(listed(EMAIL), { type: 'open', id: 2, action: 'unlink' });
    expect(replaced.state).toMatchObject({ id: 2, action: 'unlink', status: 'loading' });
    expect(replaced.effects).toContainEqual({ type: 'reject', id: 1 });
    expect(replaced.effects).toContainEqual({ type: 'listFactors', id: 2 });
  });
});

describe('step-up flow: a code factor', () => {
  it('sends the code, takes the six digits and resolves the waiting action once verified', () => {
    const sending = run(listed(EMAIL), { type: 'pick', factor: EMAIL });
    expect(sending.state?.status).toBe('sending');
    expect(sending.effects).toEqual([{ type: 'sendCode', id: 1, action: 'link', factor: EMAIL }]);
    const code = run(sending.state, { type: 'codeSent', id: 1, destination: 'a***@example.com' }).state;
    expect(code).toMatchObject({ status: 'code', destination: 'a***@example.com' });
    const verifying = run(code, { type: 'submitCode', code: ' 123456 ' });
    expect(verifying.state?.status).toBe('verifying');
    expect(verifying.effects).toContainEqual({
      type: 'verifyCode',
      id: 1,
      action: 'link',
      factor: EMAIL,
      code: '123456',
    });
    expect(run(verifying.state, { type: 'verified', id: 1 })).toEqual({
      state: null,
      effects: [{ type: 'cancelTimers' }, { type: 'resolve', id: 1 }],
    });
  });

  it('a wrong code shows its error and clears the boxes after DELAY.codeBoxesClearAfterFailure', () => {
    const code = run(listed(EMAIL), { type: 'pick', factor: EMAIL }, { type: 'codeSent', id: 1, destination: 'x' });
    const wrong = run(
      code.state,
      { type: 'submitCode', code: '000000' },
      { type: 'verifyFailed', id: 1, code: 'invalid_credentials' },
    );
    expect(wrong.state).toMatchObject({ status: 'code', error: 'invalid_credentials', codeKey: 0 });
    expect(wrong.effects).toEqual([
      { type: 'after', ms: DELAY.codeBoxesClearAfterFailure, event: { type: 'clearCode', id: 1 } },
    ]);
    expect(run(wrong.state, { type: 'clearCode', id: 1 }).state?.codeKey).toBe(1);
  });

  it('a failed send goes back to the list with its error; resend sends again', () => {
    const sending = run(listed(EMAIL), { type: 'pick', factor: EMAIL }).state;
    expect(run(sending, { type: 'sendFailed', id: 1, code: 'too_many_requests' }).state).toMatchObject({
      status: 'choosing',
      error: 'too_many_requests',
    });
    const code = run(sending, { type: 'codeSent', id: 1, destination: 'x' }).state;
    expect(run(code, { type: 'resend' }).effects).toEqual([{ type: 'sendCode', id: 1, action: 'link', factor: EMAIL }]);
  });

  it('the authenticator app asks init (nothing sent) and takes its code; it has no resend', () => {
    const started = run(listed(TOTP), { type: 'pick', factor: TOTP });
    expect(started.effects).toEqual([{ type: 'sendCode', id: 1, action: 'link', factor: TOTP }]);
    const code = run(started.state, { type: 'codeSent', id: 1, destination: '' }).state;
    expect(run(code, { type: 'resend' }).state).toBe(code);
  });

  it("'Use another method' goes back to the list, not while a code is checked", () => {
    const code = run(
      listed(EMAIL, PASSKEY),
      { type: 'pick', factor: EMAIL },
      { type: 'codeSent', id: 1, destination: 'x' },
    );
    expect(run(code.state, { type: 'back' }).state).toMatchObject({ status: 'choosing', factor: null });
    const verifying = run(code.state, { type: 'submitCode', code: '123456' }).state;
    expect(run(verifying, { type: 'back' }).state).toBe(verifying);
  });
});

describe('step-up flow: passkey, wallet and OAuth', () => {
  it('runs the whole proof in one step and resolves once verified', () => {
    const proving = run(listed(PASSKEY, GOOGLE), { type: 'pick', factor: GOOGLE });
    expect(proving.state?.status).toBe('proving');
    expect(proving.effects).toEqual([{ type: 'prove', id: 1, action: 'link', factor: GOOGLE }]);
    expect(run(proving.state, { type: 'verified', id: 1 }).effects).toContainEqual({ type: 'resolve', id: 1 });
  });

  it('a dismissed ceremony goes back to the list with its error, to try again', () => {
    const proving = run(listed(PASSKEY), { type: 'pick', factor: PASSKEY }).state;
    const failed = run(proving, { type: 'verifyFailed', id: 1, code: 'passkey_not_allowed' }).state;
    expect(failed).toMatchObject({ status: 'choosing', error: 'passkey_not_allowed' });
    expect(run(failed, { type: 'pick', factor: PASSKEY }).effects).toEqual([
      { type: 'prove', id: 1, action: 'link', factor: PASSKEY },
    ]);
  });
});

describe('step-up flow: leaving', () => {
  it('cancel closes and fails the waiting action; reset too; nothing when closed', () => {
    expect(run(listed(EMAIL), { type: 'cancel' })).toEqual({
      state: null,
      effects: [{ type: 'cancelTimers' }, { type: 'reject', id: 1 }],
    });
    expect(run(listed(EMAIL), { type: 'reset' }).effects).toContainEqual({ type: 'reject', id: 1 });
    expect(run(null, { type: 'cancel' })).toEqual({ state: null, effects: [] });
  });
});
