import { type FlowEvent, SCREEN } from '@latch/core';
import { LatchError } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import { loginScreen, navigate } from './testing/renderScreen.js';

// One test per screen: the screen table's component for a fixed flow state, rendered the way a server
// renders it (lazy screens included), shows SPEC's texts.
describe('auth screens', () => {
  it('LANDING', async () => {
    expect(await loginScreen([])).toContain('Log in or sign up');
  });
  it('AWAITING_PASSWORDLESS_CODE', async () => {
    const text = await loginScreen([{ type: 'submitEmail', email: 'ada@example.com' }, { type: 'codeSent' }]);
    expect(text).toContain('Enter confirmation code');
    expect(text).toContain('Please check ada@example.com for an email from us with your code.');
    expect(text).toContain('Resend code');
  });
  it("AWAITING_PASSWORDLESS_CODE shows the flow's message codes as SPEC's texts", async () => {
    const codeScreen: FlowEvent[] = [{ type: 'submitEmail', email: 'ada@example.com' }, { type: 'codeSent' }];
    // A refusal lands while the code is being submitted.
    const submitted: FlowEvent[] = [...codeScreen, { type: 'submitCode', code: '000000' }];
    const short = await loginScreen([...codeScreen, { type: 'submitCode', code: '12345' }]);
    expect(short).toContain('Code should be 6 digits');
    const refused = { type: 'codeRejected', error: { status: 422, message: 'x' } } as const;
    expect(await loginScreen([...submitted, refused])).toContain('Invalid or expired verification code');
    const tooMany = {
      type: 'codeRejected',
      error: { code: 'cannot_link_more_of_type', message: 'Only one email' },
    } as const;
    expect(await loginScreen([...submitted, tooMany])).toContain('Only one email');
  });
  it('AFFIRMATIVE_CONSENT', async () => {
    const text = await loginScreen(navigate(SCREEN.consent));
    for (const spec of ['One last step', 'By signing up, you agree to our terms and privacy policy.', 'Accept'])
      expect(text).toContain(spec);
  });
  it('ALLOWLIST_REJECTION', async () => {
    const text = await loginScreen(navigate(SCREEN.allowlistRejection));
    expect(text).toContain("You don't have access to this app");
    expect(text).toContain('Try another account');
  });
  it('USER_LIMIT_REACHED', async () => {
    const text = await loginScreen(navigate(SCREEN.userLimitReached));
    expect(text).toContain('This application has reached its user limit and cannot sign in new users.');
  });
  it('ERROR', async () => {
    const text = await loginScreen([{ type: 'sendFailed', error: new LatchError('too_many_requests') }]);
    expect(text).toContain('Request failed Too many attempts. Try again later');
  });
  it('ERROR shows a code without a row of its own as the generic row, with the error message', async () => {
    const failed = new LatchError('twilio_verification_failed', 'The code could not be sent');
    const text = await loginScreen([{ type: 'sendFailed', error: failed }]);
    expect(text).toContain('Something went wrong The code could not be sent Try again later');
  });
  it("ERROR texts are the host's when it overrides or translates them", async () => {
    const events: FlowEvent[] = [{ type: 'sendFailed', error: new LatchError('too_many_requests') }];
    const text = await loginScreen(events, {
      too_many_requests_title: 'Anfrage fehlgeschlagen',
      too_many_requests_detail: 'Zu viele Versuche.',
      error_cta: 'Später erneut versuchen',
    });
    expect(text).toContain('Anfrage fehlgeschlagen Zu viele Versuche. Später erneut versuchen');
    expect(text).not.toContain('Request failed');
  });
  it('LOGIN_FAILED', async () => {
    const text = await loginScreen(navigate(SCREEN.loginFailed));
    expect(text).toContain('Could not log in');
    expect(text).toContain('Try again');
  });
  it('LINK_EMAIL', async () => {
    expect(await loginScreen(navigate(SCREEN.linkEmail))).toContain('Connect your email');
  });
  it('LINK_PHONE', async () => {
    expect(await loginScreen(navigate(SCREEN.linkPhone))).toContain('Connect your phone');
  });
  it('UPDATE_EMAIL', async () => {
    expect(await loginScreen(navigate(SCREEN.updateEmail))).toContain('Update your email');
  });
});

describe('external-wallet screens', () => {
  it('CONNECT_ONLY_LANDING', async () => {
    const text = await loginScreen(navigate(SCREEN.connectOnlyLanding));
    expect(text).toContain('Connect a wallet to this app without logging in.');
  });
  it('CONNECT_ONLY_AUTHENTICATED', async () => {
    const text = await loginScreen(navigate(SCREEN.connectOnlyAuthenticated));
    expect(text).toContain('You are logged in. Connecting a wallet here does not link it to your account.');
  });
  it('LINK_WALLET', async () => {
    const text = await loginScreen(navigate(SCREEN.linkWallet));
    expect(text).toContain('Connect your wallet');
    expect(text).toContain('Choose the wallet to link to your account.');
  });
  // The page's wallets load in the browser only: a server renders the waiting screens' loading frame.
  it('AWAITING_CONNECTION', async () => {
    expect(await loginScreen(navigate(SCREEN.awaitingConnection))).toBe(' × Loading ');
  });
  it('AWAITING_CONNECT_ONLY_CONNECTION', async () => {
    expect(await loginScreen(navigate(SCREEN.awaitingConnectOnlyConnection))).toBe(' × Loading ');
  });
  it('INSTALL_PHANTOM', async () => {
    expect(await loginScreen(navigate(SCREEN.installPhantom))).toContain('Get Phantom');
  });
  it('PHANTOM_INTERSTITIAL', async () => {
    expect(await loginScreen(navigate(SCREEN.phantomInterstitial))).toContain('Continue in Phantom');
  });
});
