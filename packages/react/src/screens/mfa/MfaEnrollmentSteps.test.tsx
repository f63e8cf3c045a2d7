import { describe, expect, it } from 'vitest';
import { MfaEnrolledStep } from './MfaEnrolledStep.js';
import { MfaIntroStep } from './MfaIntroStep.js';
import { MfaMethodSelectStep } from './MfaMethodSelectStep.js';
import { MfaNoMethodsStep } from './MfaNoMethodsStep.js';
import { MfaPasskeyEnrollStep, shownPasskeys } from './MfaPasskeyEnrollStep.js';
import { MfaRemoveConfirmStep } from './MfaRemoveConfirmStep.js';
import { MfaSmsCodeStep } from './MfaSmsCodeStep.js';
import { MfaSmsPhoneStep } from './MfaSmsPhoneStep.js';
import { MfaTotpEnrollStep } from './MfaTotpEnrollStep.js';
import { renderMfaHtml, renderMfaText } from './mfaTestRender.js';

const noop = () => undefined;
const AUTH_URL = 'otpauth://totp/Latch%20Demo:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Latch%20Demo';

// The steps MFA_ENROLLMENT_FLOW_SCREEN renders, one per file, each with SPEC §2's texts.
describe('MFA_ENROLLMENT_FLOW_SCREEN steps', () => {
  it("intro: 'Transaction Protection' with Continue and 'Not now'", () => {
    const text = renderMfaText(<MfaIntroStep titleId="t" onContinue={noop} onNotNow={noop} />);
    expect(text).toContain('Transaction Protection');
    expect(text).toContain('Continue');
    expect(text).toContain('Not now');
  });

  it("method choice: Authenticator App 'Recommended', 'Added' with remove, SMS 'Disabled'", () => {
    const fresh = renderMfaText(
      <MfaMethodSelectStep
        titleId="t"
        options={[
          { method: 'totp', added: false, disabled: false },
          { method: 'sms', added: false, disabled: true },
          { method: 'passkey', added: false, disabled: false },
        ]}
        onChoose={noop}
        onRemove={noop}
      />,
    );
    expect(fresh).toMatch(/Authenticator App .*Recommended/);
    expect(fresh).toMatch(/SMS .*Disabled/);
    expect(fresh).toContain('Passkey');
    const added = renderMfaText(
      <MfaMethodSelectStep
        titleId="t"
        options={[{ method: 'totp', added: true, disabled: false }]}
        onChoose={noop}
        onRemove={noop}
      />,
    );
    expect(added).toContain('Added');
    expect(added).toContain('Remove Authenticator App');
    // An enrolled app is no longer the recommendation to follow.
    expect(added).not.toContain('Recommended');
  });

  it('authenticator app: the QR code of the otpauth URL (160 px), the secret, the code entry', () => {
    const html = renderMfaHtml(
      <MfaTotpEnrollStep
        titleId="t"
        enrollment={{ authUrl: AUTH_URL, secret: 'JBSWY3DPEHPK3PXP' }}
        code=""
        onCodeChange={noop}
        onSubmit={noop}
      />,
    );
    expect(html).toMatch(/<svg[^>]*width="160"[^>]*height="160"/);
    expect(html).toContain('data-latch-qr=');
    expect(html).toContain('JBSWY3DPEHPK3PXP');
    expect(html).toContain('name="mfa-code"');
    // No secret in the URL the page could leak elsewhere: the QR is drawn, not fetched.
    expect(html).not.toContain('<img');
    const loading = renderMfaText(
      <MfaTotpEnrollStep titleId="t" enrollment={null} code="" onCodeChange={noop} onSubmit={noop} />,
    );
    expect(loading).toContain('Set up your authenticator app');
    expect(loading).toContain('Loading');
  });

  it("enrolment errors: a wrong code, max attempts (inputs disabled), 'Unknown error' otherwise", () => {
    const step = (error: string) =>
      renderMfaHtml(
        <MfaTotpEnrollStep
          titleId="t"
          enrollment={{ authUrl: AUTH_URL, secret: 'S' }}
          code=""
          onCodeChange={noop}
          onSubmit={noop}
          error={error}
        />,
      );
    expect(step('mfa_invalid_code')).toContain('The code you entered is not valid');
    expect(/<input[^>]*name="mfa-code"[^>]*>/.exec(step('mfa_verification_max_attempts_reached'))?.[0]).toContain(
      'disabled',
    );
    expect(step('mfa_unknown_error')).toContain('Unknown error');
  });

  it("SPEC §5's code messages", () => {
    const step = (error: string) =>
      renderMfaText(
        <MfaTotpEnrollStep
          titleId="t"
          enrollment={{ authUrl: AUTH_URL, secret: 'S' }}
          code="12a"
          onCodeChange={noop}
          onSubmit={noop}
          error={error}
        />,
      );
    expect(step('mfa_code_not_numeric')).toContain('Passcode can only be numbers');
    expect(step('mfa_code_wrong_length')).toContain('Passcode must be exactly 6 numbers');
  });

  it("done after a removal: 'Verification method removed'", () => {
    expect(renderMfaText(<MfaEnrolledStep titleId="t" method="sms" result="removed" onDone={noop} />)).toContain(
      'Verification method removed',
    );
  });

  it('SMS: the phone, then the code sent to it', () => {
    expect(renderMfaText(<MfaSmsPhoneStep titleId="t" onPhoneChange={noop} onSubmit={noop} />)).toContain(
      'Set up SMS verification',
    );
    const code = renderMfaText(
      <MfaSmsCodeStep
        titleId="t"
        phoneNumber="+12015550123"
        code=""
        onCodeChange={noop}
        onSubmit={noop}
        onResend={noop}
      />,
    );
    expect(code).toContain('We sent a 6-digit code to +12015550123.');
    expect(code).toContain('Resend code');
  });

  it("passkey: intro, the list (3, or 2 when more than 3), 'Enable passkeys'; create hidden at 5", () => {
    const keys = (n: number) => Array.from({ length: n }, (_, i) => ({ credentialId: `c${i}`, name: `Key ${i}` }));
    expect(shownPasskeys(keys(3)).shown).toHaveLength(3);
    expect(shownPasskeys(keys(4))).toEqual({ shown: keys(2), more: 2 });
    const none = renderMfaText(<MfaPasskeyEnrollStep titleId="t" passkeys={[]} onCreate={noop} onEnable={noop} />);
    expect(none).toContain('Create a passkey');
    expect(none).not.toContain('Enable passkeys');
    const five = renderMfaText(<MfaPasskeyEnrollStep titleId="t" passkeys={keys(5)} onCreate={noop} onEnable={noop} />);
    expect(five).toContain('Your passkeys');
    expect(five).toContain('Enable passkeys');
    expect(five).toContain('+3 more');
    expect(five).not.toContain('Create a passkey');
  });

  it('a removal confirmation per method', () => {
    const title = (method: 'totp' | 'sms' | 'passkey') =>
      renderMfaText(<MfaRemoveConfirmStep titleId="t" method={method} onConfirm={noop} onCancel={noop} />);
    expect(title('totp')).toContain('Remove the authenticator app?');
    expect(title('sms')).toContain('Remove SMS verification?');
    expect(title('passkey')).toContain('Remove passkey verification?');
  });

  it("done: SPEC's '… verification added' per method", () => {
    const done = (method: 'totp' | 'sms' | 'passkey') =>
      renderMfaText(<MfaEnrolledStep titleId="t" method={method} result="added" onDone={noop} />);
    expect(done('totp')).toContain('Authenticator app verification added');
    expect(done('sms')).toContain('SMS verification added');
    expect(done('passkey')).toContain('Passkey verification added');
  });

  it("'Add more security' with Close when the app has no method", () => {
    const text = renderMfaText(<MfaNoMethodsStep titleId="t" onClose={noop} />);
    expect(text).toContain('Add more security');
    expect(text).toContain('Close');
  });

  it("takes the host's string overrides", () => {
    const text = renderMfaText(<MfaIntroStep titleId="t" onContinue={noop} onNotNow={noop} />, {
      mfaIntroTitle: 'Transaktionsschutz',
      mfaNotNow: 'Nicht jetzt',
    });
    expect(text).toContain('Transaktionsschutz');
    expect(text).toContain('Nicht jetzt');
    expect(text).not.toContain('Transaction Protection');
  });
});
