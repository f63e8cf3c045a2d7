import type { SocialMethod } from '@latch/core';
import {
  type AuthFlowState,
  createLatch,
  createLatchClient,
  type FlowError,
  type FlowIntent,
  type FlowRunner,
  initialAuthFlowState,
  SCREEN,
  type ScreenId,
} from '@latch/core';
import { createFakeClock, createFakeFetch, serverAppConfig } from '@latch/core/testing';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { LatchContext } from '../../LatchContext.js';
import { en, type StringCatalogue } from '../../strings/en.js';
import { ScreenView } from '../ScreenView.js';

// The social screens as the screen table renders them (server-rendered, the lazy chunk included) for a given
// state of core's social flow: SPEC §2 screens, §5 state check and §8 "Farcaster and OAuth" / Telegram texts.
const APP_ID = 'a'.repeat(25);

interface Case {
  screen: ScreenId;
  intent?: FlowIntent;
  method: SocialMethod;
  status: AuthFlowState['social']['status'];
  error?: FlowError;
  overrides?: Partial<StringCatalogue>;
}

/** Renders ScreenView for a flow state (the runner only reads it here) and returns its visible text. */
async function render({ screen, intent = 'login', method, status, error, overrides = {} }: Case): Promise<string> {
  const { fetch } = createFakeFetch((request) =>
    request.path.startsWith(`/api/v1/apps/${APP_ID}`)
      ? { body: serverAppConfig(APP_ID, { email_auth: true, google_oauth: true }) }
      : { body: { success: true } },
  );
  const clock = createFakeClock();
  const client = createLatchClient({ appId: APP_ID, apiUrl: 'https://auth.example', fetch, clock });
  await client.init();
  const latch = createLatch({ appId: APP_ID, clientId: 'client-id', client, clock });
  const state: AuthFlowState = {
    ...initialAuthFlowState(),
    phase: 'open',
    screen,
    intent,
    social: { status, method, attempt: 1, error: error ?? null },
  };
  const runner: FlowRunner = { ...latch.auth, getState: () => state, subscribe: () => () => {} };
  const value = {
    latch,
    client,
    runner,
    wallets: latch.wallets,
    strings: { ...en, ...overrides },
    embeds: { current: 0 },
    locale: 'en',
  };
  const { prelude } = await prerenderToNodeStream(
    (
      <LatchContext.Provider value={value}>
        <ScreenView titleId="t" />
      </LatchContext.Provider>
    ) as ReactNode,
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return html
    .replaceAll('&#x27;', "'")
    .replace(/<!--.*?-->/g, '')
    .replace(/<([^>]*?) aria-label="([^"]*)"([^>]*)>/g, '<$1$3> $2 ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

const oauth = (status: Case['status'], extra: Partial<Case> = {}): Case => ({
  screen: SCREEN.awaitingOAuth,
  method: 'google',
  status,
  ...extra,
});
const failed = (code: string | undefined, extra: Partial<Case> = {}): Case =>
  oauth('error', { error: { code, message: 'Invalid code during OAuth flow.' }, ...extra });

describe('AWAITING_OAUTH_SCREEN', () => {
  it('shows the provider while its window is open: logging in, or connecting when linking', async () => {
    const login = await render(oauth('pending'));
    expect(login).toContain('Logging in with Google');
    expect(login).toContain('Loading');
    expect(login).not.toContain('Retry');
    expect(await render(oauth('pending', { intent: 'link', method: 'github' }))).toContain(
      'Connecting your GitHub account',
    );
  });

  it("shows 'Success!' once logged in", async () => {
    const text = await render(oauth('done'));
    expect(text).toContain('Success!');
    expect(text).not.toContain('Loading');
  });

  it.each([
    ['google', 'Google'],
    ['twitter', 'Twitter'],
    ['discord', 'Discord'],
    ['github', 'GitHub'],
    ['spotify', 'Spotify'],
    ['instagram', 'Instagram'],
    ['tiktok', 'TikTok'],
    ['linkedin', 'LinkedIn'],
    ['apple', 'Apple'],
  ] as const)('names %s as %s', async (method, name) => {
    expect(await render(oauth('pending', { method }))).toContain(`Logging in with ${name}`);
  });

  it.each([
    ['oauth_user_denied', 'Retry and check Google to finish connecting your account.', true],
    ['too_many_requests', 'Request limit reached for Google. Please wait a moment and try again.', true],
    ['oauth_account_suspended', 'Your Google account is suspended. Please try another login method.', false],
    ['linked_to_another_user', 'This account has already been linked to another user.', false],
    ['invalid_credentials', 'Something went wrong. Try again.', true],
    ['oauth_state_mismatch', 'Unexpected auth flow. This may be a phishing attempt.', false],
    ['unknown_auth_error', 'Invalid code during OAuth flow.', true],
  ])('%s reads as SPEC "%s" (Retry: %s)', async (code, spec, retry) => {
    const text = await render(failed(code));
    expect(text).toContain('Authentication failed');
    expect(text).toContain(spec);
    expect(text.includes('Retry')).toBe(retry);
  });

  it("titles a failed link 'Connect failed'", async () => {
    const text = await render(failed('oauth_user_denied', { intent: 'link', method: 'discord' }));
    expect(text).toContain('Connect failed');
    expect(text).toContain('Retry and check Discord to finish connecting your account.');
  });

  it("takes the host's texts", async () => {
    const text = await render(failed('oauth_user_denied', { overrides: { oauthUserDenied: 'Encore {provider} ?' } }));
    expect(text).toContain('Encore Google ?');
  });
});

describe('TELEGRAM_AUTH_SCREEN', () => {
  const telegram = (status: Case['status'], extra: Partial<Case> = {}): Case => ({
    screen: SCREEN.telegramAuth,
    method: 'telegram',
    status,
    ...extra,
  });

  it("offers 'Log in with Telegram' before Telegram's window opens", async () => {
    const text = await render(telegram('idle'));
    expect(text.match(/Log in with Telegram/g)).toHaveLength(2); // the title and the button
    expect(text).not.toContain('Loading');
  });

  it('waits while Telegram is open, then shows success', async () => {
    const pending = await render(telegram('pending'));
    expect(pending).toContain('Waiting for Telegram');
    expect(pending.match(/Log in with Telegram/g)).toHaveLength(1);
    expect(await render(telegram('done'))).toContain('Success!');
  });

  it.each([
    ['telegram_auth_failed', 'Telegram auth failed or was canceled by the client', true],
    ['telegram_not_initialized', 'Telegram was not initialized', true],
    ['invalid_credentials', 'Telegram auth failed or was canceled by the client', true],
    ['too_many_requests', 'Request limit reached for Telegram. Please wait a moment and try again.', true],
    ['disallowed_login_method', 'Login with Telegram not allowed.', false],
    ['linked_to_another_user', 'This account has already been linked to another user.', false],
  ])('%s reads as SPEC "%s" (try again: %s)', async (code, spec, again) => {
    const text = await render(telegram('error', { error: { code, message: 'server text' } }));
    expect(text).toContain(spec);
    expect(text).not.toContain('server text');
    expect((text.match(/Log in with Telegram/g) ?? []).length).toBe(again ? 2 : 1);
  });

  it('says Connect when linking', async () => {
    const text = await render(telegram('idle', { intent: 'link' }));
    expect(text).toContain('Connect your Telegram account');
    expect(text).toContain('Connect Telegram');
  });
});

describe('IN_APP_BROWSER_LOGIN_NOT_POSSIBLE', () => {
  it('says the provider cannot log in here and asks for an external browser, with a way back', async () => {
    const text = await render({ screen: SCREEN.inAppBrowserLoginNotPossible, method: 'google', status: 'idle' });
    expect(text).toContain('Could not log in with provider');
    expect(text).toContain("Google doesn't allow logging in from this app's built-in browser.");
    expect(text).toContain('Open this page in your browser');
    expect(text).toContain('Use another method');
    expect(text).toContain('Back');
  });
});
