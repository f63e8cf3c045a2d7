import { DELAY, LatchError, toAppConfig, type WireTelegramAuthResult } from '@latch/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FlowContext } from '../auth/flowTypes.js';
import { SCREEN } from '../auth/screens.js';
import { loadedSocialFlow, loadSocialFlow } from '../auth/socialFlowLoader.js';
import { createFlowHarness, testUser } from '../auth/testing/flowHarness.js';
import type { OAuthReturn } from '../session/returnParams.js';
import { INITIAL_STATE, type LatchState } from '../store.js';
import { serverAppConfig } from '../testing/appConfigFixture.js';
import { SocialLoginError } from './socialLoginError.js';
import type { TelegramLoginWidget } from './telegramLogin.js';

const user = testUser;

const BOT = { bot_id: '777', bot_name: 'acme_bot' };
const TELEGRAM_RESULT: WireTelegramAuthResult = { id: 42, first_name: 'Ada', auth_date: 1, hash: 'a'.repeat(64) };
const CLIENT_STATE: LatchState = {
  ...INITIAL_STATE,
  config: toAppConfig(serverAppConfig('c'.repeat(25), { telegram_auth: true, telegram_auth_config: BOT })),
};

/** A runner whose social actions stay pending until the test settles them (as the provider's pages do). */
const setup = (context: Partial<FlowContext> = {}) =>
  createFlowHarness({
    deferred: [
      'loginWithOAuth',
      'linkOAuth',
      'completeOAuthRedirect',
      'loginWithTelegram',
      'linkTelegram',
      'loadTelegramScript',
    ],
    context,
    clientState: CLIENT_STATE,
    handlers: (events) => ({
      createEmbeddedWallet: async (u) => {
        events.push('createEmbeddedWallet');
        return u;
      },
    }),
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('loading', () => {
  it('loads with the first social event, which then replays (out of the initial JavaScript)', async () => {
    expect(loadedSocialFlow()).toBeNull();
    const t = setup();
    await t.open('login', SCREEN.landing);
    t.runner.dispatch({ type: 'startOAuth', provider: 'github' });
    expect(t.state().screen).toBe(SCREEN.landing);
    await vi.waitFor(() => expect(t.state().screen).toBe(SCREEN.awaitingOAuth));
    expect(t.names()).toEqual(['loginWithOAuth']);
  });
});

describe('OAuth login (SPEC §3 "OAuth and Telegram", §4 "Login versus link")', () => {
  it('shows AWAITING_OAUTH_SCREEN pending, then success closes after 1400 ms and reports the login', async () => {
    await loadSocialFlow();
    const t = setup();
    await t.open('login', SCREEN.landing);
    t.runner.dispatch({ type: 'startOAuth', provider: 'google' });
    expect(t.state()).toMatchObject({
      screen: SCREEN.awaitingOAuth,
      social: { status: 'pending', method: 'google', attempt: 1, error: null },
    });
    // No popup was opened by a click here (and none can be in Node): the action goes by redirect.
    expect(t.last().args).toEqual(['google', { mode: 'popup', popup: null }]);
    t.last().resolve({ user: user(), isNewUser: true });
    await t.clock.flush();
    expect(t.state().social.status).toBe('done');
    await t.clock.advance(DELAY.successClose - 1);
    expect(t.state().phase).toBe('open');
    await t.clock.advance(1);
    expect(t.state().phase).toBe('closing');
    expect(t.events).toEqual(['complete:login:true']);
  });

  it('a double click starts one round trip', async () => {
    const t = setup();
    await t.open('login', SCREEN.landing);
    t.runner.dispatch({ type: 'startOAuth', provider: 'discord' });
    t.runner.dispatch({ type: 'startOAuth', provider: 'discord' });
    t.runner.dispatch({ type: 'startOAuth', provider: 'github' });
    expect(t.names()).toEqual(['loginWithOAuth']);
  });

  it('moves to consent after 1400 ms, not the code flow’s 900 ms', async () => {
    const t = setup({ requireUsersAcceptTerms: true });
    await t.open('login', SCREEN.landing);
    t.runner.dispatch({ type: 'startOAuth', provider: 'apple' });
    t.last().resolve({ user: user(), isNewUser: true });
    await t.clock.flush();
    await t.clock.advance(DELAY.beforeConsentOrWalletCreate);
    expect(t.state().screen).toBe(SCREEN.awaitingOAuth);
    await t.clock.advance(DELAY.successClose - DELAY.beforeConsentOrWalletCreate);
    expect(t.state().screen).toBe(SCREEN.consent);
  });

  it('moves to wallet creation after 1400 ms when the app creates one on login', async () => {
    const t = setup({ createOnLogin: 'all-users', canCreateEmbeddedWallet: true });
    await t.open('login', SCREEN.landing);
    t.runner.dispatch({ type: 'startOAuth', provider: 'spotify' });
    t.last().resolve({ user: user(), isNewUser: true });
    await t.clock.flush();
    await t.clock.advance(DELAY.successClose - 1);
    expect(t.events).toEqual([]);
    await t.clock.advance(1);
    expect(t.events).toEqual(['createEmbeddedWallet']);
    expect(t.state().screen).toBe(SCREEN.embeddedWalletCreated);
  });

  it('a denied round trip shows oauth_user_denied on the screen; Retry starts a new one', async () => {
    const t = setup();
    await t.open('login', SCREEN.landing);
    t.runner.dispatch({ type: 'startOAuth', provider: 'twitter' });
    t.last().reject(new LatchError('oauth_user_denied'));
    await t.clock.flush();
    expect(t.state()).toMatchObject({
      screen: SCREEN.awaitingOAuth,
      social: { status: 'error', method: 'twitter', error: { code: 'oauth_user_denied' } },
    });
    t.runner.dispatch({ type: 'startOAuth', provider: 'twitter' });
    expect(t.state().social).toMatchObject({ status: 'pending', attempt: 2, error: null });
    expect(t.names()).toEqual(['loginWithOAuth', 'loginWithOAuth']);
  });

  it('a state mismatch is an error with its code, on the screen', async () => {
    const t = setup();
    await t.open('login', SCREEN.landing);
    t.runner.dispatch({ type: 'startOAuth', provider: 'github' });
    t.last().reject(new SocialLoginError('oauth_state_mismatch'));
    await t.clock.flush();
    expect(t.state().social.error).toEqual({
      code: 'oauth_state_mismatch',
      status: undefined,
      message: 'Unexpected auth flow. This may be a phishing attempt.',
    });
  });

  it('an allowlist refusal goes to its screen (SPEC §8 redirect)', async () => {
    const t = setup();
    await t.open('login', SCREEN.landing);
    t.runner.dispatch({ type: 'startOAuth', provider: 'tiktok' });
    t.last().reject(new LatchError('allowlist_rejected'));
    await t.clock.flush();
    expect(t.state().screen).toBe(SCREEN.allowlistRejection);
  });

  it('back abandons the round trip: its late success does not complete the flow', async () => {
    const t = setup();
    await t.open('login', SCREEN.landing);
    t.runner.dispatch({ type: 'startOAuth', provider: 'linkedin' });
    t.runner.dispatch({ type: 'back' });
    expect(t.state()).toMatchObject({ screen: SCREEN.landing, social: { status: 'idle', attempt: 1 } });
    t.last().resolve({ user: user(), isNewUser: false });
    await t.clock.flush();
    await t.clock.advance(DELAY.successClose);
    expect(t.state()).toMatchObject({ phase: 'open', screen: SCREEN.landing, succeeded: false });
    expect(t.events).toEqual([]);
  });

  it('a closed modal ignores a late answer and starts nothing', async () => {
    const t = setup();
    await t.open('login', SCREEN.landing);
    t.runner.dispatch({ type: 'startOAuth', provider: 'github' });
    t.runner.dispatch({ type: 'close' });
    expect(t.events).toEqual(['exit:exited_auth_flow']);
    t.last().resolve({ user: user(), isNewUser: false });
    await t.clock.flush();
    await t.clock.advance(DELAY.successClose);
    expect(t.state()).toMatchObject({ phase: 'closed', screen: null, succeeded: false });
    t.runner.dispatch({ type: 'startOAuth', provider: 'github' });
    expect(t.state().screen).toBeNull();
    expect(t.events).toEqual(['exit:exited_auth_flow']);
  });

  it('finishes a redirect-mode return instead of starting a new round trip', async () => {
    const t = setup();
    await t.open('login', SCREEN.awaitingOAuth);
    const returned: OAuthReturn = { code: 'c0de', state: 's'.repeat(43), provider: 'github', error: null };
    t.runner.dispatch({ type: 'startOAuth', provider: 'github', returned });
    expect(t.last()).toMatchObject({ name: 'completeOAuthRedirect', args: [returned, 'login'] });
    t.last().resolve({ user: user(), isNewUser: false });
    await t.clock.flush();
    await t.clock.advance(DELAY.successClose);
    expect(t.events).toEqual(['complete:login:false']);
  });
});

describe('Google in an in-app browser (SPEC §5)', () => {
  const INSTAGRAM =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 300.0.0.0';
  const FACEBOOK = 'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile/15E148 [FBAN/FBIOS;FBAV/440.0.0.0]';
  const LINKEDIN = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36 LinkedInApp';

  it.each([INSTAGRAM, FACEBOOK, LINKEDIN])('is refused with IN_APP_BROWSER_LOGIN_NOT_POSSIBLE (%s)', async (ua) => {
    vi.stubGlobal('navigator', { userAgent: ua });
    const t = setup();
    await t.open('login', SCREEN.landing);
    t.runner.dispatch({ type: 'startOAuth', provider: 'google' });
    expect(t.state()).toMatchObject({ screen: SCREEN.inAppBrowserLoginNotPossible, social: { status: 'idle' } });
    expect(t.pending).toEqual([]);
  });

  it('other providers and other browsers go ahead', async () => {
    vi.stubGlobal('navigator', { userAgent: INSTAGRAM });
    const t = setup();
    await t.open('login', SCREEN.landing);
    t.runner.dispatch({ type: 'startOAuth', provider: 'github' });
    expect(t.state().screen).toBe(SCREEN.awaitingOAuth);
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36' });
    const u = setup();
    await u.open('login', SCREEN.landing);
    u.runner.dispatch({ type: 'startOAuth', provider: 'google' });
    expect(u.state().screen).toBe(SCREEN.awaitingOAuth);
  });
});

describe('OAuth link', () => {
  it('links with the provider, then closes after 1400 ms reporting the link', async () => {
    const t = setup({ requireUsersAcceptTerms: true });
    await t.open('link', SCREEN.awaitingOAuth);
    t.runner.dispatch({ type: 'startOAuth', provider: 'discord' });
    expect(t.last()).toMatchObject({ name: 'linkOAuth', args: ['discord', { mode: 'popup', popup: null }] });
    t.last().resolve(user({ id: 'u1' }));
    await t.clock.flush();
    expect(t.state()).toMatchObject({ succeeded: true, social: { status: 'done' } });
    await t.clock.advance(DELAY.successClose - 1);
    expect(t.state().phase).toBe('open');
    await t.clock.advance(1);
    // A link asks for no consent: it is not a login (SPEC §4).
    expect(t.events).toEqual(['complete:link:false']);
  });

  it('a link refused as linked_to_another_user stays on the screen', async () => {
    const t = setup();
    await t.open('link', SCREEN.awaitingOAuth);
    t.runner.dispatch({ type: 'startOAuth', provider: 'github' });
    t.last().reject(new LatchError('linked_to_another_user'));
    await t.clock.flush();
    expect(t.state()).toMatchObject({
      screen: SCREEN.awaitingOAuth,
      social: { status: 'error', error: { code: 'linked_to_another_user' } },
    });
  });

  it('the email update flow starts no OAuth', async () => {
    const t = setup();
    await t.open('update', SCREEN.updateEmail);
    t.runner.dispatch({ type: 'startOAuth', provider: 'github' });
    expect(t.state().screen).toBe(SCREEN.updateEmail);
    expect(t.pending).toEqual([]);
  });
});

describe('Telegram (TELEGRAM_AUTH_SCREEN)', () => {
  function widget(answer: WireTelegramAuthResult | false | null) {
    const calls: unknown[] = [];
    const login: TelegramLoginWidget = {
      auth(options, callback) {
        calls.push(options);
        if (answer !== null) callback(answer);
      },
    };
    vi.stubGlobal('LatchTelegramLogin', login);
    return calls;
  }

  it('start shows the screen and loads the script; the click opens Telegram at once, then logs in', async () => {
    const calls = widget(TELEGRAM_RESULT);
    const t = setup();
    await t.open('login', SCREEN.landing);
    t.runner.dispatch({ type: 'startTelegram' });
    expect(t.state()).toMatchObject({ screen: SCREEN.telegramAuth, social: { status: 'idle', method: 'telegram' } });
    expect(t.names()).toEqual(['loadTelegramScript']);
    t.runner.dispatch({ type: 'authorizeTelegram' });
    // Synchronously, inside the click: Telegram's popup is not blocked.
    expect(calls).toEqual([{ bot_id: '777', request_access: 'write', lang: 'en' }]);
    expect(t.state().social.status).toBe('pending');
    await t.clock.flush();
    expect(t.last()).toMatchObject({ name: 'loginWithTelegram', args: [TELEGRAM_RESULT, undefined] });
    t.last().resolve({ user: user(), isNewUser: true });
    await t.clock.flush();
    await t.clock.advance(DELAY.successClose);
    expect(t.events).toEqual(['complete:login:true']);
  });

  it("a popup closed without a result is 'Telegram auth failed or was canceled by the client'; Retry asks again", async () => {
    const calls = widget(false);
    const t = setup();
    await t.open('login', SCREEN.landing);
    t.runner.dispatch({ type: 'startTelegram' });
    t.runner.dispatch({ type: 'authorizeTelegram' });
    await t.clock.flush();
    expect(t.state().social).toMatchObject({
      status: 'error',
      error: { code: 'telegram_auth_failed', message: 'Telegram auth failed or was canceled by the client' },
    });
    t.runner.dispatch({ type: 'authorizeTelegram' });
    expect(calls).toHaveLength(2);
  });

  it("without the script it is 'Telegram was not initialized'", async () => {
    const t = setup();
    await t.open('login', SCREEN.landing);
    t.runner.dispatch({ type: 'startTelegram' });
    t.runner.dispatch({ type: 'authorizeTelegram' });
    await t.clock.flush();
    expect(t.state().social.error).toMatchObject({ code: 'telegram_not_initialized' });
  });

  it('links a Telegram account in a link flow', async () => {
    widget(TELEGRAM_RESULT);
    const t = setup();
    await t.open('link', SCREEN.telegramAuth);
    t.runner.dispatch({ type: 'startTelegram' });
    t.runner.dispatch({ type: 'authorizeTelegram' });
    await t.clock.flush();
    expect(t.last()).toMatchObject({ name: 'linkTelegram', args: [TELEGRAM_RESULT] });
    t.last().resolve(user());
    await t.clock.flush();
    await t.clock.advance(DELAY.successClose);
    expect(t.events).toEqual(['complete:link:false']);
  });

  it('authorize counts only on TELEGRAM_AUTH_SCREEN, once at a time; an OAuth answer does not settle it', async () => {
    const calls = widget(null);
    const t = setup();
    await t.open('login', SCREEN.landing);
    t.runner.dispatch({ type: 'authorizeTelegram' });
    expect(calls).toEqual([]);
    t.runner.dispatch({ type: 'startTelegram' });
    t.runner.dispatch({ type: 'authorizeTelegram' });
    t.runner.dispatch({ type: 'authorizeTelegram' });
    expect(calls).toHaveLength(1);
    const { attempt } = t.state().social;
    t.runner.dispatch({ type: 'oauthSucceeded', attempt, user: user(), isNewUser: false });
    expect(t.state().social.status).toBe('pending');
  });
});
