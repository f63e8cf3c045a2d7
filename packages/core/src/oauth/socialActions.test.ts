import { ANALYTICS_API, type OAuthInitRequest, type TokenResponse, type WireUser } from '@latch/protocol';
import { CUSTOM_JWT_API, OAUTH_API, TELEGRAM_API } from '@latch/protocol/oauth';
import { describe, expect, it, vi } from 'vitest';
import { createLatchClient } from '../client.js';
import { SOCIAL_ACTIONS } from '../lazyActions.js';
import { memoryStorage } from '../storage.js';
import { createFakeClock } from '../testing/fakeClock.js';
import { createFakeFetch, type FakeAnswer, type RecordedRequest } from '../testing/fakeFetch.js';
import { makeAccessToken } from '../testing/tokens.js';
import { oauthRedirectKey } from './oauthRedirectStore.js';
import { codeChallengeOf } from './pkce.js';
import { OAUTH_POPUP_CLOSED_POLL_MS } from './popupMessages.js';
import { socialActions } from './socialActions.js';

const APP_ID = 'c'.repeat(25);
const ORIGIN = 'https://app.test';
const PROVIDER_URL = 'https://idp.test/authorize?client_id=x';

const githubAccount = { type: 'github_oauth' as const, subject: '1', email: null, name: null, username: 'ada' };
const wireUser = (accounts: unknown[] = []): WireUser => ({
  id: 'u1',
  created_at: 1_700_000_000,
  linked_accounts: accounts as WireUser['linked_accounts'],
  mfa_methods: [],
  has_accepted_terms: true,
});

type Routes = Record<string, (request: RecordedRequest) => FakeAnswer>;
type Listener = (event: MessageEvent) => void;

/** The host page's window (origin, message listeners) and a popup, as the browser would give them. */
function browser() {
  const listeners = new Set<Listener>();
  const page = {
    location: { origin: ORIGIN },
    addEventListener: (_: 'message', l: Listener) => void listeners.add(l),
    removeEventListener: (_: 'message', l: Listener) => void listeners.delete(l),
  };
  const popup = {
    closed: false,
    location: { href: 'about:blank' },
    close() {
      this.closed = true;
    },
  };
  const post = (data: unknown, from: { origin?: string; source?: unknown } = {}) => {
    const event = { data, origin: from.origin ?? ORIGIN, source: 'source' in from ? from.source : popup };
    for (const l of [...listeners]) l(event as MessageEvent);
  };
  return { page, popup, post, listeners, asWindow: popup as unknown as Window };
}

function setup(routes: Routes = {}) {
  const clock = createFakeClock();
  const token = makeAccessToken({ aud: APP_ID, expSeconds: Math.floor(clock.now() / 1000) + 3600 });
  const server = createFakeFetch((request) => routes[request.path]?.(request) ?? { status: 204 });
  const session = memoryStorage();
  const navigated: string[] = [];
  const b = browser();
  const client = createLatchClient({
    appId: APP_ID,
    apiUrl: 'https://auth.test',
    storage: memoryStorage(),
    clock,
    fetch: server.fetch,
    location: { href: () => `${ORIGIN}/shop?item=2#reviews`, replace: () => undefined },
    oauthBrowser: { window: b.page, sessionStorage: session, navigate: (url) => void navigated.push(url) },
  });
  return { client, server, clock, token, session, navigated, ...b };
}

const tokenResponse = (token: string, isNewUser = true): FakeAnswer => ({
  body: {
    user: wireUser([githubAccount]),
    token,
    refresh_token: 'rt-1',
    is_new_user: isNewUser,
    device_grant: 'grant-1',
  } satisfies TokenResponse,
});
const initAnswer = (): FakeAnswer => ({ body: { url: PROVIDER_URL } });
const initBody = (t: ReturnType<typeof setup>) => t.server.to(OAUTH_API.init)[0]?.body as OAuthInitRequest;

/** Waits until the popup was sent to the provider (init answered). */
async function untilAtProvider(t: ReturnType<typeof setup>) {
  // The actions' module loads on first use, then init answers.
  await vi.waitFor(() => expect(t.popup.location.href).toBe(PROVIDER_URL));
}

describe('OAuth login in a popup (SPEC §3)', () => {
  it('inits with PKCE S256 and a state, no bearer; sends the popup to the provider; authenticates with the verifier', async () => {
    const t = setup({
      [OAUTH_API.init]: initAnswer,
      [OAUTH_API.authenticate]: () => tokenResponse(t.token),
    });
    const done = t.client.loginWithOAuth('github', { popup: t.asWindow });
    await untilAtProvider(t);
    const init = initBody(t);
    expect(init).toMatchObject({ provider: 'github', redirect_to: `${ORIGIN}/shop?item=2` });
    expect(init.state_code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(t.server.to(OAUTH_API.init)[0]?.headers.authorization).toBeUndefined();
    t.post({ type: 'latch:oauth:success', stateCode: init.state_code, authorizationCode: 'c0de' });
    const result = await done;
    const body = t.server.to(OAUTH_API.authenticate)[0]?.body as Record<string, string>;
    expect(body).toMatchObject({ authorization_code: 'c0de', state_code: init.state_code });
    expect(await codeChallengeOf(body.code_verifier ?? '')).toBe(init.code_challenge);
    // A fresh login: session, user, device grant for the wallet frame; the listener is gone.
    expect(result).toMatchObject({ isNewUser: true, user: { id: 'u1' } });
    expect(t.client.getState().authenticated).toBe(true);
    expect(t.client.takeDeviceGrant()).toBe('grant-1');
    expect(t.listeners.size).toBe(0);
  });

  it("ignores messages from another origin, another window, or of another shape; a wrong state is 'Unexpected auth flow'", async () => {
    const t = setup({ [OAUTH_API.init]: initAnswer, [ANALYTICS_API.events]: () => ({ body: {} }) });
    const done = t.client.loginWithOAuth('google', { popup: t.asWindow });
    await untilAtProvider(t);
    const { state_code } = initBody(t);
    const good = { type: 'latch:oauth:success', stateCode: state_code, authorizationCode: 'c0de' };
    t.post(good, { origin: 'https://evil.test' });
    t.post(good, { source: {} });
    t.post(good, { source: null });
    t.post({ ...good, authorizationCode: 42 });
    t.post('latch:oauth:success');
    expect(t.listeners.size).toBe(1);
    // An attacker's code with its own state, from the popup (e.g. a page that navigated it): refused.
    t.post({ ...good, stateCode: 'x'.repeat(43) });
    await expect(done).rejects.toMatchObject({
      code: 'oauth_state_mismatch',
      message: 'Unexpected auth flow. This may be a phishing attempt.',
    });
    expect(t.server.to(OAUTH_API.authenticate)).toEqual([]);
    expect(t.popup.closed).toBe(true);
    await t.clock.flush();
    expect(t.server.to(ANALYTICS_API.events)[0]?.body).toMatchObject({
      event_name: 'oauth_state_mismatch',
      payload: { provider: 'google' },
    });
  });

  it('a popup closed without a report is oauth_user_denied', async () => {
    const t = setup({ [OAUTH_API.init]: initAnswer });
    const done = t.client.loginWithOAuth('discord', { popup: t.asWindow });
    const outcome = done.catch((error: unknown) => error);
    await untilAtProvider(t);
    t.popup.close();
    await t.clock.advance(OAUTH_POPUP_CLOSED_POLL_MS * 2);
    expect(await outcome).toMatchObject({ code: 'oauth_user_denied' });
    expect(t.server.to(OAUTH_API.authenticate)).toEqual([]);
    expect(t.listeners.size).toBe(0);
  });

  it("passes the callback's error report on as its code (the provider's access_denied)", async () => {
    const t = setup({ [OAUTH_API.init]: initAnswer });
    const done = t.client.loginWithOAuth('spotify', { popup: t.asWindow });
    await untilAtProvider(t);
    t.post({ type: 'latch:oauth:error', stateCode: initBody(t).state_code, error: 'oauth_user_denied' });
    await expect(done).rejects.toMatchObject({ code: 'oauth_user_denied' });
  });

  it('an error report without the state (the popup sent to a crafted return URL) is a state mismatch', async () => {
    // E.g. an open redirect at the provider sends the popup to ?latch_oauth_error=oauth_account_suspended: the
    // callback always returns the state with an error, so this report is not the round trip's.
    const t = setup({ [OAUTH_API.init]: initAnswer, [ANALYTICS_API.events]: () => ({ body: {} }) });
    const done = t.client.loginWithOAuth('spotify', { popup: t.asWindow });
    await untilAtProvider(t);
    t.post({ type: 'latch:oauth:error', stateCode: null, error: 'oauth_account_suspended' });
    await expect(done).rejects.toMatchObject({ code: 'oauth_state_mismatch' });
  });

  it('an init refused by the server closes the popup and rejects with its error', async () => {
    const t = setup({
      [OAUTH_API.init]: () => ({ status: 403, body: { error: 'disallowed_login_method', message: 'Not enabled.' } }),
    });
    await expect(t.client.loginWithOAuth('apple', { popup: t.asWindow })).rejects.toMatchObject({
      code: 'disallowed_login_method',
    });
    expect(t.popup.closed).toBe(true);
  });
});

describe('OAuth by redirect', () => {
  it('a blocked popup (null) falls back to redirect: keeps state and verifier in sessionStorage and leaves', async () => {
    const t = setup({ [OAUTH_API.init]: initAnswer });
    void t.client.loginWithOAuth('twitter', { popup: null });
    await vi.waitFor(() => expect(t.navigated).toEqual([PROVIDER_URL]));
    const record = JSON.parse(t.session.get(oauthRedirectKey(APP_ID)) ?? '{}');
    expect(record).toMatchObject({ stateCode: initBody(t).state_code, provider: 'twitter', intent: 'login' });
    expect(await codeChallengeOf(record.verifier)).toBe(initBody(t).code_challenge);
  });

  async function leftForProvider(routes: Routes = {}) {
    const t = setup({ [OAUTH_API.init]: initAnswer, [ANALYTICS_API.events]: () => ({ body: {} }), ...routes });
    void t.client.loginWithOAuth('github', { mode: 'redirect' });
    await vi.waitFor(() => expect(t.navigated).toHaveLength(1));
    const record = JSON.parse(t.session.get(oauthRedirectKey(APP_ID)) ?? '{}');
    return { t, record };
  }

  it('on return, the matching state authenticates with the stored verifier, which is then gone', async () => {
    const { t, record } = await leftForProvider({ [OAUTH_API.authenticate]: () => tokenResponse(t.token, false) });
    const returned = { code: 'c0de', state: record.stateCode, provider: 'github', error: null };
    await expect(t.client.completeOAuthRedirect(returned, 'login')).resolves.toMatchObject({ isNewUser: false });
    expect(t.server.to(OAUTH_API.authenticate)[0]?.body).toEqual({
      authorization_code: 'c0de',
      state_code: record.stateCode,
      code_verifier: record.verifier,
    });
    expect(t.session.get(oauthRedirectKey(APP_ID))).toBeNull();
  });

  it('a returned state other than the stored one is refused, reported, and spends the stored verifier', async () => {
    const { t, record } = await leftForProvider();
    const forged = { code: 'attacker-code', state: 'x'.repeat(43), provider: 'github', error: null };
    await expect(t.client.completeOAuthRedirect(forged, 'login')).rejects.toMatchObject({
      code: 'oauth_state_mismatch',
    });
    expect(t.session.get(oauthRedirectKey(APP_ID))).toBeNull();
    // The verifier is gone: even the right state cannot be finished afterwards.
    const right = { ...forged, state: record.stateCode };
    await expect(t.client.completeOAuthRedirect(right, 'login')).rejects.toMatchObject({
      code: 'oauth_state_mismatch',
    });
    expect(t.server.to(OAUTH_API.authenticate)).toEqual([]);
    await t.clock.flush();
    expect(t.server.to(ANALYTICS_API.events).map((r) => (r.body as { event_name: string }).event_name)).toEqual([
      'oauth_state_mismatch',
      'oauth_state_mismatch',
    ]);
  });

  it("a return with the callback's error shows that error", async () => {
    const { t, record } = await leftForProvider();
    const denied = { code: null, state: record.stateCode, provider: 'github', error: 'oauth_user_denied' };
    await expect(t.client.completeOAuthRedirect(denied, 'login')).rejects.toMatchObject({
      code: 'oauth_user_denied',
    });
    expect(t.session.get(oauthRedirectKey(APP_ID))).toBeNull();
  });

  it('a crafted link with an error and no state is a state mismatch, never the error it names', async () => {
    // ?latch_oauth_provider=google&latch_oauth_error=oauth_account_suspended on the host page, from anyone: the
    // callback always sends the state with an error, so one without it did not come from this round trip.
    const forged = { code: null, state: null, provider: 'google', error: 'oauth_account_suspended' };
    const none = setup({ [ANALYTICS_API.events]: () => ({ body: {} }) });
    await expect(none.client.completeOAuthRedirect(forged, 'login')).rejects.toMatchObject({
      code: 'oauth_state_mismatch',
    });
    const { t } = await leftForProvider();
    await expect(t.client.completeOAuthRedirect(forged, 'login')).rejects.toMatchObject({
      code: 'oauth_state_mismatch',
    });
    expect(t.server.to(OAUTH_API.authenticate)).toEqual([]);
  });
});

describe('linking and unlinking', () => {
  async function signedIn(routes: Routes) {
    const t = setup({ [CUSTOM_JWT_API.authenticate]: () => tokenResponse(t.token, false), ...routes });
    await t.client.loginWithCustomToken('a.b.c');
    return t;
  }

  it('links a provider: init and link carry the bearer token, the user is updated', async () => {
    const t = await signedIn({
      [OAUTH_API.init]: initAnswer,
      [OAUTH_API.link]: () => ({ body: wireUser([githubAccount, { ...githubAccount, type: 'discord_oauth' }]) }),
    });
    const done = t.client.linkOAuth('discord', { popup: t.asWindow });
    await untilAtProvider(t);
    expect(t.server.to(OAUTH_API.init)[0]?.headers.authorization).toBe(`Bearer ${t.token}`);
    t.post({ type: 'latch:oauth:success', stateCode: initBody(t).state_code, authorizationCode: 'c0de' });
    const linked = await done;
    expect(t.server.to(OAUTH_API.link)[0]?.headers.authorization).toBe(`Bearer ${t.token}`);
    expect(linked.linkedAccounts).toHaveLength(2);
    expect(t.client.getState().user?.linkedAccounts).toHaveLength(2);
  });

  it('linking signed out is must_be_authenticated, before any init, and closes the popup', async () => {
    const t = setup();
    await expect(t.client.linkOAuth('github', { popup: t.asWindow })).rejects.toMatchObject({
      code: 'must_be_authenticated',
    });
    expect(t.server.to(OAUTH_API.init)).toEqual([]);
    expect(t.popup.closed).toBe(true);
  });

  it('unlinks by provider and subject, and Telegram by its user id', async () => {
    const t = await signedIn({
      [OAUTH_API.unlink]: () => ({ body: wireUser([]) }),
      [TELEGRAM_API.unlink]: () => ({ body: wireUser([]) }),
    });
    await t.client.unlinkOAuth('github', '1');
    await t.client.unlinkTelegram(42);
    expect(t.server.to(OAUTH_API.unlink)[0]?.body).toEqual({ provider: 'github', subject: '1' });
    expect(t.server.to(TELEGRAM_API.unlink)[0]?.body).toEqual({ telegram_user_id: '42' });
    expect(t.client.getState().user?.linkedAccounts).toEqual([]);
  });
});

describe('the client', () => {
  it('has every social action (each loads the module on first use)', () => {
    const t = setup();
    const all = Object.keys(socialActions({} as never, { apiUrl: '', url: {} as never, trackEvent: async () => {} }));
    expect([...SOCIAL_ACTIONS].sort()).toEqual(all.sort());
    for (const name of all) expect(typeof (t.client as unknown as Record<string, unknown>)[name]).toBe('function');
  });
});

describe('Telegram and custom token', () => {
  const RESULT = { id: 42, first_name: 'Ada', auth_date: 1_700_000_000, hash: 'a'.repeat(64) };

  it('logs in with a Telegram result (no bearer) and links one (bearer)', async () => {
    const t = setup({
      [TELEGRAM_API.authenticate]: () => tokenResponse(t.token),
      [TELEGRAM_API.link]: () => ({ body: wireUser([]) }),
    });
    await expect(t.client.loginWithTelegram(RESULT)).resolves.toMatchObject({ isNewUser: true });
    expect(t.server.to(TELEGRAM_API.authenticate)[0]?.body).toEqual({ telegram_auth_result: RESULT });
    expect(t.server.to(TELEGRAM_API.authenticate)[0]?.headers.authorization).toBeUndefined();
    await t.client.linkTelegram(RESULT);
    expect(t.server.to(TELEGRAM_API.link)[0]?.headers.authorization).toBe(`Bearer ${t.token}`);
  });

  it('logs in with a custom token: a fresh login with a device grant', async () => {
    const t = setup({ [CUSTOM_JWT_API.authenticate]: () => tokenResponse(t.token) });
    await expect(t.client.loginWithCustomToken('h.p.s')).resolves.toMatchObject({ user: { id: 'u1' } });
    expect(t.server.to(CUSTOM_JWT_API.authenticate)[0]?.body).toEqual({ token: 'h.p.s' });
    expect(t.client.takeDeviceGrant()).toBe('grant-1');
  });

  it("passes the server's refusal of a custom token on as invalid_custom_token, signed out", async () => {
    const t = setup({
      [CUSTOM_JWT_API.authenticate]: () => ({
        status: 401,
        body: { error: 'invalid_custom_token', message: 'The custom auth token is invalid or expired.' },
      }),
    });
    await expect(t.client.loginWithCustomToken('h.p.s')).rejects.toMatchObject({ code: 'invalid_custom_token' });
    expect(t.client.getState().authenticated).toBe(false);
  });
});
