import { describe, expect, it } from 'vitest';
import { MfaPromptScreen, type MfaPromptScreenProps } from './MfaPromptScreen.js';
import { renderMfaHtml, renderMfaText } from './mfaTestRender.js';

const noop = () => undefined;
const props = (over: Partial<MfaPromptScreenProps> = {}): MfaPromptScreenProps => ({
  titleId: 't',
  methods: ['totp', 'sms'],
  step: 'code',
  method: 'totp',
  error: null,
  code: '',
  onCodeChange: noop,
  onChoose: noop,
  onSubmitCode: noop,
  onRetryPasskey: noop,
  onChooseAnother: noop,
  onCancel: noop,
  ...over,
});

describe("MFA prompt ('Verify your identity')", () => {
  it("shows SPEC's title, the code entry, 'Choose another method' and 'Not now'", () => {
    const text = renderMfaText(<MfaPromptScreen {...props()} />);
    expect(text).toContain('Verify your identity');
    expect(text).toContain('Enter the 6-digit code from your authenticator app.');
    expect(text).toContain('Choose another method');
    expect(text).toContain('Not now');
  });

  it('lists the methods by their SPEC names when choosing, without "Choose another method"', () => {
    const text = renderMfaText(<MfaPromptScreen {...props({ step: 'choose', methods: ['totp', 'sms', 'passkey'] })} />);
    expect(text).toContain('Authenticator App');
    expect(text).toContain('SMS');
    expect(text).toContain('Passkey');
    expect(text).not.toContain('Choose another method');
  });

  it('offers no other method when the user has only one', () => {
    expect(renderMfaText(<MfaPromptScreen {...props({ methods: ['totp'] })} />)).not.toContain('Choose another method');
  });

  it.each([
    ['mfa_invalid_code', 'The code you entered is not valid'],
    ['mfa_code_not_numeric', 'Passcode can only be numbers'],
    ['mfa_code_wrong_length', 'Passcode must be exactly 6 numbers'],
    [
      'mfa_verification_max_attempts_reached',
      'You have exceeded the maximum number of attempts. Please close this window and try again in 10 seconds.',
    ],
    ['mfa_timeout', 'You have exceeded the time limit for code entry. Please try again in 30 seconds.'],
    ['mfa_canceled', 'Verification canceled'],
    ['mfa_unknown_error', 'Something went wrong.'],
  ])('shows SPEC §8 text for %s', (error, expected) => {
    expect(renderMfaText(<MfaPromptScreen {...props({ error })} />)).toContain(expected);
  });

  it('disables the code field on a blocking error (max attempts, timeout) but not on a wrong code', () => {
    const field = (error: string) =>
      /<input[^>]*name="mfa-code"[^>]*>/.exec(renderMfaHtml(<MfaPromptScreen {...props({ error })} />))?.[0] ?? '';
    expect(field('mfa_verification_max_attempts_reached')).toContain('disabled');
    expect(field('mfa_timeout')).toContain('disabled');
    expect(field('mfa_invalid_code')).not.toContain('disabled');
  });

  it('shows the passkey wait, then Retry after a failure', () => {
    const waiting = renderMfaText(<MfaPromptScreen {...props({ step: 'passkey', method: 'passkey', busy: true })} />);
    expect(waiting).toContain('Confirm with your passkey when your browser asks.');
    expect(waiting).toContain('Waiting for your passkey');
    const failed = renderMfaText(
      <MfaPromptScreen {...props({ step: 'passkey', method: 'passkey', error: 'passkey_not_allowed' })} />,
    );
    expect(failed).toContain('Passkey request timed out or rejected by user.');
    expect(failed).toContain('Try again');
  });

  it('SMS offers a resend', () => {
    const text = renderMfaText(<MfaPromptScreen {...props({ method: 'sms', onResend: noop })} />);
    expect(text).toContain('Enter the 6-digit code we sent to your phone.');
    expect(text).toContain('Resend code');
  });

  it("takes the host's string overrides", () => {
    const text = renderMfaText(<MfaPromptScreen {...props({ error: 'mfa_invalid_code' })} />, {
      mfaPromptTitle: 'Bestätigen Sie Ihre Identität',
      mfaErrorInvalidCode: 'Ungültiger Code',
    });
    expect(text).toContain('Bestätigen Sie Ihre Identität');
    expect(text).toContain('Ungültiger Code');
    expect(text).not.toContain('Verify your identity');
  });
});
