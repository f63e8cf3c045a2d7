import type { MfaPromptEvent, MfaPromptState } from '@latch/core';
import { mfaPromptTransition, openMfaPrompt } from '@latch/core/mfa';
import type { MfaMethod } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import type { StringCatalogue } from '../../strings/en.js';
import { MfaPromptScreen } from './MfaPromptScreen.js';
import { renderMfaHtml, renderMfaText } from './mfaTestRender.js';

/** Core's prompt flow opened for an export with `methods`, then driven by `events`. */
function prompt(
  methods: MfaMethod[],
  events: Array<MfaPromptEvent | ((state: MfaPromptState) => MfaPromptEvent)> = [],
) {
  let state = openMfaPrompt(1, 'export', methods).state;
  for (const event of events) {
    if (!state) throw new Error('The prompt closed.');
    state = mfaPromptTransition(state, typeof event === 'function' ? event(state) : event).state;
  }
  if (!state) throw new Error('The prompt closed.');
  return state;
}

const text = (state: MfaPromptState, overrides: Partial<StringCatalogue> = {}) =>
  renderMfaText(<MfaPromptScreen titleId="t" state={state} dispatch={() => undefined} />, overrides);
const codeField = (state: MfaPromptState) =>
  /<input[^>]*name="mfa-code"[^>]*>/.exec(
    renderMfaHtml(<MfaPromptScreen titleId="t" state={state} dispatch={() => undefined} />),
  )?.[0] ?? '';

const typed = (code: string): MfaPromptEvent[] => [{ type: 'codeChanged', code }, { type: 'submit' }];
const failed = (code: string): MfaPromptEvent => ({ type: 'verifyFailed', id: 1, code });

describe("MFA prompt ('Verify your identity')", () => {
  it("selects the first method: SPEC's title, the code entry, 'Choose another method' and 'Not now'", () => {
    const shown = text(prompt(['totp', 'sms']));
    expect(shown).toContain('Verify your identity');
    expect(shown).toContain('Enter the 6-digit code from your authenticator app.');
    expect(shown).toContain('Verification code');
    expect(shown).toContain('Choose another method');
    expect(shown).toContain('Not now');
  });

  it("'Choose another method' lists the methods by their SPEC names", () => {
    const shown = text(prompt(['totp', 'sms', 'passkey'], [{ type: 'chooseAnother' }]));
    expect(shown).toContain('Authenticator App');
    expect(shown).toContain('SMS');
    expect(shown).toContain('Passkey');
    expect(shown).not.toContain('Choose another method');
  });

  it('offers no other method when the user has only one', () => {
    expect(text(prompt(['totp']))).not.toContain('Choose another method');
  });

  it("SPEC §5's messages: non-digits as typed, a 7-digit code on submit", () => {
    expect(text(prompt(['totp'], [{ type: 'codeChanged', code: '12ab' }]))).toContain('Passcode can only be numbers');
    expect(text(prompt(['totp'], typed('1234567')))).toContain('Passcode must be exactly 6 numbers');
  });

  it("a wrong code: 'The code you entered is not valid', the field stays usable", () => {
    const state = prompt(['totp'], [...typed('123456'), failed('missing_or_invalid_mfa')]);
    expect(text(state)).toContain('The code you entered is not valid');
    expect(codeField(state)).not.toContain('disabled');
  });

  it('the 4th wrong code and max attempts block the field with SPEC §8 text', () => {
    const wrong = [...typed('123456'), failed('missing_or_invalid_mfa')];
    const state = prompt(['totp'], [...wrong, ...wrong, ...wrong, ...wrong]);
    expect(text(state)).toContain(
      'You have exceeded the maximum number of attempts. Please close this window and try again in 10 seconds.',
    );
    expect(codeField(state)).toContain('disabled');
  });

  it('the code wait timeout blocks with SPEC §8 text', () => {
    const state = prompt(['totp'], [{ type: 'timeout', id: 1 }]);
    expect(text(state)).toContain('You have exceeded the time limit for code entry. Please try again in 30 seconds.');
    expect(codeField(state)).toContain('disabled');
  });

  it("anything else: 'Something went wrong.'", () => {
    expect(text(prompt(['totp'], [...typed('123456'), failed('wallet_error')]))).toContain('Something went wrong.');
  });

  it('passkey: the wait while the ceremony runs, then Try again after a refusal', () => {
    const waiting = text(prompt(['passkey']));
    expect(waiting).toContain('Confirm with your passkey when your browser asks.');
    expect(waiting).toContain('Waiting for your passkey');
    const refused = text(prompt(['passkey'], [failed('NotAllowedError')]));
    expect(refused).toContain('Passkey request timed out or rejected by user.');
    expect(refused).toContain('Try again');
  });

  it('SMS: the code sent to the enrolled phone, with a resend', () => {
    const shown = text(prompt(['sms'], [{ type: 'codeSent', id: 1 }]));
    expect(shown).toContain('Enter the 6-digit code we sent to your phone.');
    expect(shown).toContain('Resend code');
  });

  it("takes the host's string overrides", () => {
    const shown = text(prompt(['totp'], [...typed('123456'), failed('missing_or_invalid_mfa')]), {
      mfaPromptTitle: 'Bestätigen Sie Ihre Identität',
      mfaErrorInvalidCode: 'Ungültiger Code',
    });
    expect(shown).toContain('Bestätigen Sie Ihre Identität');
    expect(shown).toContain('Ungültiger Code');
    expect(shown).not.toContain('Verify your identity');
  });

  it("offers 'Use a recovery code': a text field for letters, and 'Choose another method' back", () => {
    expect(text(prompt(['totp']))).toContain('Use a recovery code');
    const recovery = prompt(['totp'], [{ type: 'useRecoveryCode' }]);
    const shown = text(recovery);
    expect(shown).toContain('Enter one of the recovery codes you saved when you set up verification.');
    expect(shown).toContain('Recovery code');
    expect(shown).not.toContain('Use a recovery code');
    expect(shown).toContain('Choose another method');
    expect(codeField(recovery)).toContain('inputMode="text"');
    expect(text(recovery, { mfaPromptRecoveryCode: 'Introduce uno de tus códigos' })).toContain(
      'Introduce uno de tus códigos',
    );
  });
});
