import type { StepUpEvent, StepUpState } from '@latch/core';
import { openStepUp, stepUpTransition } from '@latch/core/stepUp';
import type { StepUpAction, WireStepUpFactor } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import { es } from '../../strings/locales/es.js';
import { renderMfaText } from '../mfa/mfaTestRender.js';
import { StepUpScreen } from './StepUpScreen.js';

const FACTORS: WireStepUpFactor[] = [
  { type: 'email', id: 'ada@example.com', label: 'a•••@example.com' },
  { type: 'sms', id: '+12015550123', label: '+1 •••• 0123' },
  { type: 'passkey', id: '', label: '' },
  { type: 'wallet', id: '0x1234567890abcdef1234567890abcdef12345678', label: '0x1234…5678' },
  { type: 'oauth', id: 'google', label: 'Google' },
  { type: 'totp', id: '', label: '' },
  { type: 'sms_mfa', id: '', label: '' },
];

/** Core's step-up flow for `action` with `factors` listed, then driven by `events`. */
function stepUp(action: StepUpAction, factors: WireStepUpFactor[], events: StepUpEvent[] = []): StepUpState {
  let state = stepUpTransition(openStepUp(1, action).state, { type: 'factorsLoaded', id: 1, factors }).state;
  for (const event of events) state = stepUpTransition(state, event).state;
  if (!state) throw new Error('The step-up closed.');
  return state;
}

const text = (state: StepUpState, overrides = {}) =>
  renderMfaText(<StepUpScreen titleId="t" state={state} dispatch={() => undefined} />, overrides);

describe("the step-up screen ('Confirm it's really you')", () => {
  it('shows what it is for and one button per factor, in the server order', () => {
    const shown = text(stepUp('export', FACTORS));
    expect(shown).toContain("Confirm it's really you");
    expect(shown).toContain('Before you export your wallet key, confirm with a method you already use.');
    const buttons = [
      'Send a code to a•••@example.com',
      'Send a code to +1 •••• 0123',
      'Use your passkey',
      'Sign with 0x1234…5678',
      'Confirm with Google',
      'Use your authenticator app',
      'Send a code to your phone',
      'Cancel',
    ];
    const at = buttons.map((button) => shown.indexOf(button));
    expect(at.every((index) => index >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it('a sent code: where it went, the six boxes, resend and another method; a wrong code says so', () => {
    const events: StepUpEvent[] = [
      { type: 'pick', factor: FACTORS[0] as WireStepUpFactor },
      { type: 'codeSent', id: 1, destination: 'a•••@example.com' },
    ];
    const shown = text(stepUp('link', FACTORS, events));
    expect(shown).toContain('Enter the code sent to a•••@example.com');
    expect(shown).toContain('Digit 1 of 6');
    expect(shown).toContain('Resend code');
    expect(shown).toContain('Use another method');
    const wrong = stepUp('link', FACTORS, [
      ...events,
      { type: 'submitCode', code: '000000' },
      { type: 'verifyFailed', id: 1, code: 'invalid_credentials' },
    ]);
    expect(text(wrong)).toContain('Invalid or expired verification code');
  });

  it('waits for the provider, and shows a dismissed ceremony back on the list', () => {
    const google = FACTORS[4] as WireStepUpFactor;
    expect(text(stepUp('unlink', FACTORS, [{ type: 'pick', factor: google }]))).toContain(
      'Complete the steps with Google to continue.',
    );
    const denied = stepUp('unlink', FACTORS, [
      { type: 'pick', factor: google },
      { type: 'verifyFailed', id: 1, code: 'oauth_user_denied' },
    ]);
    expect(text(denied)).toContain('The confirmation was canceled or timed out. Try again.');
  });

  it('says so when the user has no factor from before this session', () => {
    expect(text(stepUp('link', []))).toContain('This account has no method from before this session');
  });

  it('speaks Spanish with the Spanish catalogue', () => {
    const shown = text(stepUp('link', FACTORS.slice(0, 1)), es);
    expect(shown).toContain('Confirma que eres tú');
    expect(shown).toContain('Enviar un código a a•••@example.com');
  });
});
