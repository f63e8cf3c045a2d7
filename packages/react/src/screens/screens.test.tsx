import {
  createLatch,
  createLatchClient,
  type FlowEvent,
  loadWalletFlow,
  SCREEN,
  type WalletFlowEvent,
  type WalletFlowScreen,
} from '@latch/core';
import { createFakeClock, createFakeFetch, serverAppConfig } from '@latch/core/testing';
import { LatchError } from '@latch/protocol';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { WalletFlowContext } from '../embeddedWallet/WalletFlowContext.js';
import { LatchContext, type LatchContextValue } from '../LatchContext.js';
import { en, type StringCatalogue } from '../strings/en.js';
import { ScreenView } from './ScreenView.js';
import { SCREENS } from './screenTable.js';

// One test per screen: the screen table's component for a fixed flow state, rendered the way a server
// renders it (lazy screens included), shows SPEC's texts.
const APP_ID = 'a'.repeat(25);

async function context(): Promise<LatchContextValue> {
  const { fetch } = createFakeFetch((request) =>
    request.path.startsWith(`/api/v1/apps/${APP_ID}`)
      ? { body: serverAppConfig(APP_ID, { email_auth: true, sms_auth: true }) }
      : { body: { success: true } },
  );
  const clock = createFakeClock();
  const client = createLatchClient({ appId: APP_ID, apiUrl: 'https://auth.example', fetch, clock });
  await client.init();
  const latch = createLatch({ appId: APP_ID, clientId: 'client-id', client, clock });
  return {
    latch,
    client,
    runner: latch.auth,
    wallets: latch.wallets,
    strings: en,
    embeds: { current: 0 },
    locale: 'en',
  };
}

/** The visible text of server-rendered HTML (tags, comments and React's entity escapes removed). */
async function textOf(node: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(node);
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return html
    .replaceAll('&#x27;', "'")
    .replaceAll('&amp;', '&')
    .replace(/<!--.*?-->/g, '')
    .replace(/ aria-label="([^"]*)"/g, ' $1 ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

/** A login-flow screen: the flow opened on LANDING, then driven by `events`, rendered by ScreenView. */
async function loginScreen(events: FlowEvent[], overrides: Partial<StringCatalogue> = {}): Promise<string> {
  const value = await context();
  // The host's `strings` prop: LatchProvider merges it over en the same way.
  value.strings = { ...value.strings, ...overrides };
  value.runner.dispatch({
    type: 'open',
    intent: 'login',
    screen: SCREEN.landing,
    context: { requireUsersAcceptTerms: false, createOnLogin: 'off', canCreateEmbeddedWallet: false },
  });
  for (const event of events) value.runner.dispatch(event);
  return textOf(
    <LatchContext.Provider value={value}>
      <ScreenView titleId="t" />
    </LatchContext.Provider>,
  );
}

const navigate = (screen: (typeof SCREEN)[keyof typeof SCREEN]): FlowEvent[] => [{ type: 'navigate', screen }];

/** A wallet-flow screen: the recovery flow driven by `events`, its screen from the one table. */
async function walletFlowScreen(
  screen: WalletFlowScreen,
  events: WalletFlowEvent[],
  overrides: Partial<StringCatalogue> = {},
): Promise<string> {
  const flow = await loadWalletFlow();
  let state = flow.initialWalletFlow();
  for (const event of events) state = flow.walletFlowTransition(state, event).state;
  expect(state.screen).toBe(screen);
  const Screen = SCREENS[screen];
  const value = await context();
  // The host's `strings` prop: LatchProvider merges it over en the same way.
  value.strings = { ...value.strings, ...overrides };
  return textOf(
    <LatchContext.Provider value={value}>
      <WalletFlowContext.Provider value={{ state, flow, dispatch: () => {} }}>
        <Screen titleId="t" />
      </WalletFlowContext.Provider>
    </LatchContext.Provider>,
  );
}

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

describe('embedded-wallet screens', () => {
  it('EMBEDDED_WALLET_ON_ACCOUNT_CREATE', async () => {
    expect(await loginScreen(navigate(SCREEN.embeddedWalletOnCreate))).toContain('Creating your wallet');
  });
  it('EMBEDDED_WALLET_CREATED', async () => {
    expect(await loginScreen(navigate(SCREEN.embeddedWalletCreated))).toContain('Your account is secured.');
  });
  it('EMBEDDED_WALLET_RECOVERY_SELECTION', async () => {
    const text = await walletFlowScreen('EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN', [
      { type: 'startCreate', appName: 'Acme', options: [] },
    ]);
    expect(text).toContain('Secure your account');
    expect(text).toContain('Set a password');
  });
  it('EMBEDDED_WALLET_BACKUP_INTRO', async () => {
    const text = await walletFlowScreen('EMBEDDED_WALLET_BACKUP_INTRO_SCREEN', [
      { type: 'startCreate', appName: 'Acme', options: [] },
      { type: 'showBackupIntro' },
    ]);
    expect(text).toContain('Why do I need to secure my account?');
    expect(text).toContain('Select backup method');
  });
  it('EMBEDDED_WALLET_PASSWORD_CREATE', async () => {
    const text = await walletFlowScreen('EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN', [
      { type: 'startCreate', appName: 'Acme', options: ['user-passcode'] },
    ]);
    expect(text).toContain('Set your password');
  });
  it("EMBEDDED_WALLET_PASSWORD_CREATE shows SPEC §5's password messages and strength from the catalogue", async () => {
    const typed = (password: string): WalletFlowEvent[] => [
      { type: 'startCreate', appName: 'Acme', options: ['user-passcode'] },
      { type: 'passwordChanged', password },
    ];
    const screen = 'EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN';
    expect(await walletFlowScreen(screen, typed('abc'))).toContain('Password must be at least 6 characters');
    expect(await walletFlowScreen(screen, typed('my pass?'))).toContain('Invalid characters used ( SPACE ? )');
    const weak = await walletFlowScreen(screen, typed('abcdef'));
    expect(weak).toContain('Strength: Weak');
    const translated = await walletFlowScreen(screen, typed('abcdef'), { strength: 'Stärke', strengthWeak: 'Schwach' });
    expect(translated).toContain('Stärke: Schwach');
  });
  it('EMBEDDED_WALLET_CONNECTING', async () => {
    const text = await walletFlowScreen('EMBEDDED_WALLET_CONNECTING_SCREEN', [
      { type: 'startSetPassword', appName: 'Acme', hasPassword: false, connected: false },
    ]);
    expect(text).toContain('Connecting to your wallet');
  });
  it('EMBEDDED_WALLET_CONNECTING failed: the wallet_error code as SPEC §8 text, or as the host overrides it', async () => {
    const events: WalletFlowEvent[] = [
      { type: 'startSetPassword', appName: 'Acme', hasPassword: false, connected: false },
      { type: 'connectFailed' },
    ];
    const text = await walletFlowScreen('EMBEDDED_WALLET_CONNECTING_SCREEN', events);
    expect(text).toContain('An error has occurred, please try again.');
    const translated = await walletFlowScreen('EMBEDDED_WALLET_CONNECTING_SCREEN', events, {
      wallet_error: 'Ein Fehler ist aufgetreten.',
    });
    expect(translated).toContain('Ein Fehler ist aufgetreten.');
    expect(translated).not.toContain('An error has occurred');
  });
  it('EMBEDDED_WALLET_PASSWORD_RECOVERY', async () => {
    const text = await walletFlowScreen('EMBEDDED_WALLET_PASSWORD_RECOVERY_SCREEN', [
      { type: 'startRecover', appName: 'Acme' },
    ]);
    expect(text).toContain('Enter your password');
    expect(text).toContain('Recover your account');
  });
  it('EMBEDDED_WALLET_PASSWORD_RECOVERY with a wrong password', async () => {
    const text = await walletFlowScreen('EMBEDDED_WALLET_PASSWORD_RECOVERY_SCREEN', [
      { type: 'startRecover', appName: 'Acme' },
      { type: 'recoveryPasswordChanged', password: 'wrong' },
      { type: 'submitRecovery' },
      { type: 'recoverFailed', reason: 'wrong-password' },
    ]);
    expect(text).toContain('Invalid recovery password, please try again.');
  });
  it('EMBEDDED_WALLET_PASSWORD_UPDATE_SPLASH', async () => {
    const text = await walletFlowScreen('EMBEDDED_WALLET_PASSWORD_UPDATE_SPLASH_SCREEN', [
      { type: 'startSetPassword', appName: 'Acme', hasPassword: false, connected: true },
    ]);
    expect(text).toContain('Secure Your Account');
    expect(text).toContain('Add password');
  });
  it('EMBEDDED_WALLET_PASSWORD_UPDATE', async () => {
    const text = await walletFlowScreen('EMBEDDED_WALLET_PASSWORD_UPDATE_SCREEN', [
      { type: 'startSetPassword', appName: 'Acme', hasPassword: false, connected: true },
      { type: 'addPassword' },
    ]);
    expect(text).toContain('Set your password');
  });
  it('a host overrides or translates a wallet text like any other', async () => {
    const text = await walletFlowScreen(
      'EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN',
      [{ type: 'startCreate', appName: 'Acme', options: [] }],
      { selectionTitle: 'Sichern Sie Ihr Konto', setAPassword: 'Passwort festlegen' },
    );
    expect(text).toContain('Sichern Sie Ihr Konto');
    expect(text).toContain('Passwort festlegen');
    expect(text).not.toContain('Secure your account');
  });
});
