import type { MfaEnrollmentEvent, MfaEnrollmentState, MfaPasskey } from '@latch/core';
import { initialMfaEnrollment, mfaEnrollmentTransition } from '@latch/core/mfa';
import type { MfaMethod } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import type { StringCatalogue } from '../../strings/en.js';
import { MfaEnrollmentFlowScreen } from './MfaEnrollmentFlowScreen.js';
import { renderMfaHtml, renderMfaText } from './mfaTestRender.js';

const AUTH_URL = 'otpauth://totp/Latch%20Demo:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Latch%20Demo';
const keys = (n: number): MfaPasskey[] =>
  Array.from({ length: n }, (_, i) => ({ credentialId: `c${i}`, displayName: `Key ${i}`, enrolledInMfa: false }));

/** Core's enrolment flow from its first state through `events`, as the dialog's runner would drive it. */
function flow(
  events: MfaEnrollmentEvent[],
  options: { appMethods?: MfaMethod[]; enrolled?: MfaMethod[]; smsLogin?: boolean; passkeys?: MfaPasskey[] } = {},
): MfaEnrollmentState {
  let state = initialMfaEnrollment({
    appMethods: options.appMethods ?? ['totp', 'sms', 'passkey'],
    enrolled: options.enrolled ?? [],
    smsLogin: options.smsLogin ?? false,
    passkeys: options.passkeys ?? [],
  });
  for (const event of events) state = mfaEnrollmentTransition(state, event).state;
  return state;
}

const screen = (state: MfaEnrollmentState, overrides: Partial<StringCatalogue> = {}) =>
  renderMfaText(<MfaEnrollmentFlowScreen titleId="t" state={state} dispatch={() => undefined} />, overrides);
const html = (state: MfaEnrollmentState) =>
  renderMfaHtml(<MfaEnrollmentFlowScreen titleId="t" state={state} dispatch={() => undefined} />);
const codeField = (markup: string) => /<input[^>]*name="mfa-code"[^>]*>/.exec(markup)?.[0] ?? '';

const toTotp: MfaEnrollmentEvent[] = [
  { type: 'continue' },
  { type: 'choose', method: 'totp' },
  { type: 'totpReady', info: { authUrl: AUTH_URL, secret: 'JBSWY3DPEHPK3PXP' } },
];

describe('MFA_ENROLLMENT_FLOW_SCREEN', () => {
  it("intro: 'Transaction Protection' with Continue and 'Not now'", () => {
    const text = screen(flow([]));
    expect(text).toContain('Transaction Protection');
    expect(text).toContain('Continue');
    expect(text).toContain('Not now');
  });

  it("method choice: Authenticator App 'Recommended', SMS, Passkey; SMS 'Disabled' for an SMS login", () => {
    const text = screen(flow([{ type: 'continue' }], { smsLogin: true }));
    expect(text).toMatch(/Authenticator App .*Recommended/);
    expect(text).toMatch(/SMS .*Disabled/);
    expect(text).toContain('Passkey');
  });

  it("only the app's methods; an enrolled one shows 'Added' with a remove button", () => {
    const text = screen(flow([{ type: 'continue' }], { appMethods: ['totp', 'sms'], enrolled: ['totp'] }));
    expect(text).toContain('Added');
    expect(text).toContain('Remove Authenticator App');
    expect(text).not.toContain('Passkey');
  });

  it('authenticator app: a spinner until the secret arrives, then the QR code (160 px), the secret and the code', () => {
    expect(screen(flow(toTotp.slice(0, 2)))).toContain('Loading');
    const markup = html(flow(toTotp));
    expect(markup).toMatch(/<svg[^>]*data-latch-qr="\d+"[^>]*width="160"[^>]*height="160"/);
    expect(markup).toContain('JBSWY3DPEHPK3PXP');
    expect(codeField(markup)).not.toBe('');
  });

  it("SPEC §5's code messages: non-digits at once, the length on submit", () => {
    expect(screen(flow([...toTotp, { type: 'codeChanged', code: '12ab' }]))).toContain('Passcode can only be numbers');
    const long = flow([...toTotp, { type: 'codeChanged', code: '1234567' }, { type: 'submit' }]);
    expect(screen(long)).toContain('Passcode must be exactly 6 numbers');
  });

  it("enrolment errors: a wrong code, max attempts (field disabled), 'Unknown error' otherwise", () => {
    const submitted = [...toTotp, { type: 'codeChanged', code: '123456' } as const, { type: 'submit' } as const];
    expect(screen(flow([...submitted, { type: 'failed', code: 'missing_or_invalid_mfa' }]))).toContain(
      'The code you entered is not valid',
    );
    const locked = flow([...submitted, { type: 'failed', code: 'mfa_verification_max_attempts_reached' }]);
    expect(screen(locked)).toContain(
      'You have exceeded the maximum number of attempts. Please close this window and try again in 10 seconds.',
    );
    expect(codeField(html(locked))).toContain('disabled');
    expect(screen(flow([...submitted, { type: 'failed', code: 'wallet_error' }]))).toContain('Unknown error');
  });

  it("authenticator app done: 'Authenticator app verification added'", () => {
    const done = flow([
      ...toTotp,
      { type: 'codeChanged', code: '123456' },
      { type: 'submit' },
      { type: 'saved', methods: ['totp'] },
    ]);
    expect(screen(done)).toContain('Authenticator app verification added');
    expect(screen(done)).toContain('Done');
  });

  it("SMS: the phone, then the code sent to it, then 'SMS verification added'", () => {
    const phone = flow([{ type: 'continue' }, { type: 'choose', method: 'sms' }]);
    expect(screen(phone)).toContain('Set up SMS verification');
    expect(screen(phone)).toContain('Send code');
    const sent = [
      { type: 'continue' },
      { type: 'choose', method: 'sms' },
      { type: 'phoneChanged', phone: '+12015550123' },
      { type: 'sendCode' },
      { type: 'codeSent' },
    ] as MfaEnrollmentEvent[];
    expect(screen(flow(sent))).toContain('We sent a 6-digit code to +12015550123.');
    const done = flow([
      ...sent,
      { type: 'codeChanged', code: '123456' },
      { type: 'submit' },
      { type: 'saved', methods: ['sms'] },
    ]);
    expect(screen(done)).toContain('SMS verification added');
  });

  it("passkey: intro, list (3, or 2 when more than 3), 'Enable passkeys', create hidden at 5", () => {
    const toPasskey: MfaEnrollmentEvent[] = [{ type: 'continue' }, { type: 'choose', method: 'passkey' }];
    const none = screen(flow(toPasskey));
    expect(none).toContain('Create a passkey');
    expect(none).not.toContain('Enable passkeys');
    const three = screen(flow(toPasskey, { passkeys: keys(3) }));
    expect(three).toContain('Key 2');
    const five = screen(flow(toPasskey, { passkeys: keys(5) }));
    expect(five).toContain('Your passkeys');
    expect(five).toContain('Key 1');
    expect(five).not.toContain('Key 2');
    expect(five).toContain('+3 more');
    expect(five).toContain('Enable passkeys');
    expect(five).not.toContain('Create a passkey');
    const done = flow([...toPasskey, { type: 'submit' }, { type: 'saved', methods: ['passkey'] }], {
      passkeys: keys(1),
    });
    expect(screen(done)).toContain('Passkey verification added');
  });

  it('a removal confirmation per method, then the removal confirmed', () => {
    const confirm = (method: MfaMethod) =>
      screen(flow([{ type: 'continue' }, { type: 'remove', method }], { enrolled: [method] }));
    expect(confirm('totp')).toContain('Remove the authenticator app?');
    expect(confirm('sms')).toContain('Remove SMS verification?');
    expect(confirm('passkey')).toContain('Remove passkey verification?');
  });

  it("'Add more security' with Close when the app has no method", () => {
    const text = screen(flow([], { appMethods: [] }));
    expect(text).toContain('Add more security');
    expect(text).toContain('Close');
  });

  it("takes the host's string overrides", () => {
    const text = screen(flow([]), { mfaIntroTitle: 'Transaktionsschutz', mfaNotNow: 'Nicht jetzt' });
    expect(text).toContain('Transaktionsschutz');
    expect(text).toContain('Nicht jetzt');
    expect(text).not.toContain('Transaction Protection');
  });

  it("after a first enrolment: 'Save your recovery codes' lists the codes once, with Copy, Download and Continue", () => {
    const codes = Array.from({ length: 10 }, (_, i) => `k3vq-8dnp-2xhw-m7r${i}`);
    const saved: MfaEnrollmentEvent = { type: 'saved', methods: ['totp'], recoveryCodes: codes };
    const state = flow([...toTotp, { type: 'codeChanged', code: '123456' }, { type: 'submit' }, saved]);
    const shown = screen(state);
    expect(shown).toContain('Save your recovery codes');
    for (const code of codes) expect(shown).toContain(code);
    expect(shown).toContain('Download');
    expect(shown).toContain('Continue');
    // Spanish.
    const es = screen(state, {
      mfaRecoveryCodesTitle: 'Guarda tus códigos de recuperación',
      mfaRecoveryCodesDownload: 'Descargar',
    });
    expect(es).toContain('Guarda tus códigos de recuperación');
    // Continue: the done step, the codes gone.
    const done = screen(mfaEnrollmentTransition(state, { type: 'continue' }).state);
    expect(done).toContain('Authenticator app verification added');
    expect(done).not.toContain(codes[0]);
  });
});
