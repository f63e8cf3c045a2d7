import { describe, expect, it } from 'vitest';
import {
  canCreateMfaPasskey,
  mfaEnrollmentOptions,
  mfaEnrollmentTransition,
  visibleMfaPasskeys,
} from './mfaEnrollmentFlow.js';
import {
  initialMfaEnrollment,
  type MfaEnrollmentEvent,
  type MfaEnrollmentState,
  type MfaEnrollmentTransition,
  type MfaPasskey,
} from './mfaEnrollmentState.js';

const run = (state: MfaEnrollmentState, ...events: MfaEnrollmentEvent[]): MfaEnrollmentTransition => {
  let result: MfaEnrollmentTransition = { state, effects: [] };
  for (const event of events) result = mfaEnrollmentTransition(result.state, event);
  return result;
};
const passkey = (n: number): MfaPasskey => ({
  credentialId: `cred${n}`,
  displayName: `Key ${n}`,
  enrolledInMfa: false,
});
const flow = (patch: Partial<Parameters<typeof initialMfaEnrollment>[0]> = {}) =>
  initialMfaEnrollment({
    appMethods: ['passkey', 'sms', 'totp'],
    enrolled: [],
    smsLogin: false,
    passkeys: [],
    ...patch,
  });
const info = { authUrl: 'otpauth://totp/Latch:a?secret=ABC', secret: 'ABC' };

describe('MFA enrolment: intro and method choice', () => {
  it("starts on 'Transaction Protection'; Continue shows the app's methods in SPEC order; 'Not now' closes", () => {
    const state = flow();
    expect(state.step).toBe('intro');
    expect(run(state, { type: 'close' }).effects).toEqual([{ type: 'close' }]);
    const select = run(state, { type: 'continue' }).state;
    expect(select.step).toBe('select');
    expect(mfaEnrollmentOptions(select)).toEqual([
      { method: 'totp', recommended: true, added: false, disabled: false },
      { method: 'sms', recommended: false, added: false, disabled: false },
      { method: 'passkey', recommended: false, added: false, disabled: false },
    ]);
    expect(flow({ skipIntro: true }).step).toBe('select');
  });

  it("'Add more security' when the app offers no method; only the app's methods; 'Added'; SMS 'Disabled'", () => {
    expect(flow({ appMethods: [] }).step).toBe('noMethods');
    const state = flow({ appMethods: ['sms', 'totp'], enrolled: ['totp'], smsLogin: true, skipIntro: true });
    expect(mfaEnrollmentOptions(state)).toEqual([
      { method: 'totp', recommended: true, added: true, disabled: false },
      { method: 'sms', recommended: false, added: false, disabled: true },
    ]);
    // Neither a disabled, an added nor an unoffered method can be chosen.
    for (const method of ['sms', 'totp', 'passkey'] as const) {
      expect(run(state, { type: 'choose', method }).state).toBe(state);
    }
  });
});

describe('MFA enrolment: the authenticator app (first method, no verification needed)', () => {
  const select = flow({ skipIntro: true });

  it('init → QR and secret → code → submit → done added', () => {
    const init = run(select, { type: 'choose', method: 'totp' });
    expect(init.state).toMatchObject({ step: 'totp', method: 'totp', busy: true, verifying: false });
    expect(init.effects).toEqual([{ type: 'initTotp' }]);
    const ready = run(init.state, { type: 'totpReady', info }).state;
    expect(ready).toMatchObject({ busy: false, totp: info });
    expect(run(ready, { type: 'codeChanged', code: '12x' }).state.codeError).toBe('mfa_code_not_numeric');
    expect(run(ready, { type: 'codeChanged', code: '123' }, { type: 'submit' }).state.codeError).toBe(
      'mfa_code_wrong_length',
    );
    const submitted = run(ready, { type: 'codeChanged', code: '123456' }, { type: 'submit' });
    expect(submitted.effects).toEqual([{ type: 'submit', method: 'totp', code: '123456' }]);
    const done = run(submitted.state, { type: 'saved', methods: ['totp'] }).state;
    expect(done).toMatchObject({ step: 'done', method: 'totp', result: 'added', enrolled: ['totp'], busy: false });
    expect(run(done, { type: 'close' }).effects).toEqual([{ type: 'close' }]);
  });

  it('a wrong code shows the error and clears the code; Back returns to the choice', () => {
    const submitted = run(
      select,
      { type: 'choose', method: 'totp' },
      { type: 'totpReady', info },
      { type: 'codeChanged', code: '123456' },
      { type: 'submit' },
    ).state;
    const failed = run(submitted, { type: 'failed', code: 'missing_or_invalid_mfa' }).state;
    expect(failed).toMatchObject({ step: 'totp', error: 'mfa_invalid_code', code: '', busy: false, verifying: false });
    expect(run(failed, { type: 'back' }).state).toMatchObject({ step: 'select', method: null, totp: null });
    expect(run(submitted, { type: 'back' }).state).toBe(submitted); // not while busy
  });
});

describe('MFA enrolment: SMS and passkey', () => {
  it('phone → send code → code → submit with the phone → done', () => {
    const phone = run(
      flow({ skipIntro: true }),
      { type: 'choose', method: 'sms' },
      { type: 'phoneChanged', phone: ' +1555 ' },
    );
    expect(phone.state).toMatchObject({ step: 'sms', smsCodeSent: false, phone: ' +1555 ' });
    const sending = run(phone.state, { type: 'sendCode' });
    expect(sending.effects).toEqual([{ type: 'sendSmsCode', phone: '+1555' }]);
    const code = run(sending.state, { type: 'codeSent' }, { type: 'codeChanged', code: '654321' }, { type: 'submit' });
    expect(code.effects).toEqual([{ type: 'submit', method: 'sms', phone: '+1555', code: '654321' }]);
    // Back from the code goes to the phone first.
    expect(run(run(sending.state, { type: 'codeSent' }).state, { type: 'back' }).state).toMatchObject({
      step: 'sms',
      smsCodeSent: false,
    });
    expect(run(code.state, { type: 'saved', methods: ['sms'] }).state).toMatchObject({ step: 'done', result: 'added' });
  });

  it('passkey: none yet → create one (linkPasskey) → Enable passkeys submits every credential id', () => {
    const step = run(flow({ skipIntro: true }), { type: 'choose', method: 'passkey' }).state;
    expect(step).toMatchObject({ step: 'passkey', busy: false });
    expect(run(step, { type: 'submit' }).effects).toEqual([]); // nothing to enable yet
    const linking = run(step, { type: 'createPasskey' });
    expect(linking.effects).toEqual([{ type: 'linkPasskey' }]);
    const linked = run(linking.state, { type: 'passkeysChanged', passkeys: [passkey(1), passkey(2)] });
    expect(linked.state.busy).toBe(false);
    expect(run(linked.state, { type: 'submit' }).effects).toEqual([
      { type: 'submit', method: 'passkey', credentialIds: ['cred1', 'cred2'] },
    ]);
    // A dismissed passkey dialog is shown, the step stays.
    expect(run(linking.state, { type: 'failed', code: 'passkey_not_allowed' }).state).toMatchObject({
      step: 'passkey',
      error: 'passkey_not_allowed',
      busy: false,
    });
  });

  it('the list shows 3, or 2 when there are more (SPEC §9); the add option is hidden at 5', () => {
    const three = flow({ passkeys: [1, 2, 3].map(passkey) });
    expect(visibleMfaPasskeys(three)).toEqual({ shown: three.passkeys, more: 0 });
    const four = flow({ passkeys: [1, 2, 3, 4].map(passkey) });
    expect(visibleMfaPasskeys(four)).toEqual({ shown: four.passkeys.slice(0, 2), more: 2 });
    const five = run(flow({ skipIntro: true, passkeys: [1, 2, 3, 4, 5].map(passkey) }), {
      type: 'choose',
      method: 'passkey',
    }).state;
    expect(canCreateMfaPasskey(five)).toBe(false);
    expect(run(five, { type: 'createPasskey' }).effects).toEqual([]);
  });
});

describe('MFA enrolment: manage_mfa verification when a method exists (SPEC §5)', () => {
  const withTotp = () => flow({ skipIntro: true, enrolled: ['totp'] });

  it('adding a further method verifies first; a cancelled prompt leaves the choice unchanged', () => {
    const asked = run(withTotp(), { type: 'choose', method: 'sms' });
    expect(asked.effects).toEqual([{ type: 'verify' }]);
    expect(asked.state).toMatchObject({ step: 'select', verifying: true, pending: { op: 'add', method: 'sms' } });
    expect(run(asked.state, { type: 'choose', method: 'passkey' }).state).toBe(asked.state); // busy verifying
    expect(run(asked.state, { type: 'verified' }).state).toMatchObject({
      step: 'sms',
      verifying: false,
      pending: null,
    });
    expect(run(asked.state, { type: 'verifyFailed', code: 'mfa_canceled' }).state).toMatchObject({
      step: 'select',
      verifying: false,
      error: 'mfa_canceled',
    });
  });

  it('removal: confirm → verify → unenroll → done removed', () => {
    const confirm = run(withTotp(), { type: 'remove', method: 'totp' }).state;
    expect(confirm).toMatchObject({ step: 'confirmRemove', method: 'totp' });
    expect(run(confirm, { type: 'back' }).state.step).toBe('select');
    const asked = run(confirm, { type: 'confirmRemove' });
    expect(asked.effects).toEqual([{ type: 'verify' }]);
    const unenroll = run(asked.state, { type: 'verified' });
    expect(unenroll.effects).toEqual([{ type: 'unenroll', method: 'totp' }]);
    expect(run(unenroll.state, { type: 'saved', methods: [] }).state).toMatchObject({
      step: 'done',
      result: 'removed',
      method: 'totp',
      enrolled: [],
    });
    expect(run(withTotp(), { type: 'remove', method: 'sms' }).state.step).toBe('select'); // not enrolled
  });

  it('missing_or_invalid_mfa without a fresh verification: verify again, then redo the same call once', () => {
    const submitted = run(
      withTotp(),
      { type: 'choose', method: 'sms' },
      { type: 'verified' },
      { type: 'phoneChanged', phone: '+1555' },
      { type: 'sendCode' },
      { type: 'codeSent' },
      { type: 'codeChanged', code: '111111' },
      { type: 'submit' },
    );
    expect(submitted.effects).toEqual([{ type: 'submit', method: 'sms', phone: '+1555', code: '111111' }]);
    const reverify = run(submitted.state, { type: 'failed', code: 'missing_or_invalid_mfa' });
    expect(reverify.effects).toEqual([{ type: 'verify' }]);
    const redo = run(reverify.state, { type: 'verified' });
    expect(redo.effects).toEqual([{ type: 'submit', method: 'sms', phone: '+1555', code: '111111' }]);
    // Right after a verification the same answer is the code's fault: shown, no loop.
    expect(run(redo.state, { type: 'failed', code: 'missing_or_invalid_mfa' })).toMatchObject({
      state: { error: 'mfa_invalid_code', verifying: false, busy: false },
      effects: [],
    });
  });

  it('other failures show their code (Unknown error for the rest)', () => {
    const confirm = run(
      withTotp(),
      { type: 'remove', method: 'totp' },
      { type: 'confirmRemove' },
      { type: 'verified' },
    );
    expect(run(confirm.state, { type: 'failed', code: 'invalid_data' }).state).toMatchObject({
      step: 'confirmRemove',
      error: 'mfa_unknown_error',
      busy: false,
    });
  });
});

describe('MFA enrolment: recovery codes of a first enrolment (MFA-06)', () => {
  const codes = Array.from({ length: 10 }, (_, i) => `aaaa-bbbb-cccc-${String(i).padStart(4, '0')}`);
  const submitted = () =>
    run(
      flow({ skipIntro: true }),
      { type: 'choose', method: 'totp' },
      { type: 'totpReady', info: { authUrl: 'otpauth://totp/x', secret: 'S' } },
      { type: 'codeChanged', code: '123456' },
      { type: 'submit' },
    ).state;

  it('shows the codes once before done; Continue forgets them', () => {
    const shown = run(submitted(), { type: 'saved', methods: ['totp'], recoveryCodes: codes }).state;
    expect(shown).toMatchObject({ step: 'recoveryCodes', recoveryCodes: codes, result: 'added', enrolled: ['totp'] });
    const done = run(shown, { type: 'continue' }).state;
    expect(done).toMatchObject({ step: 'done', method: 'totp', result: 'added', recoveryCodes: null });
    expect(JSON.stringify(done)).not.toContain(codes[0]);
  });

  it('a later method (no codes in the answer) goes straight to done', () => {
    expect(run(submitted(), { type: 'saved', methods: ['totp'] }).state).toMatchObject({
      step: 'done',
      recoveryCodes: null,
    });
  });
});
