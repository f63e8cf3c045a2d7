import {
  ANALYTICS_API,
  HEADER,
  IDENTITY_API,
  PASSWORDLESS_API,
  type TokenResponse,
  type WireUser,
} from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import { createLatchClient } from './client.js';
import { storageKeys } from './session/tokenStore.js';
import { memoryStorage } from './storage.js';
import { serverAppConfig } from './testing/appConfigFixture.js';
import { createFakeClock } from './testing/fakeClock.js';
import { createFakeFetch, type FakeAnswer, type RecordedRequest } from './testing/fakeFetch.js';
import { makeAccessToken } from './testing/tokens.js';

const APP_ID = 'c'.repeat(25);
const keys = storageKeys(APP_ID);

const emailAccount = (address: string) => ({
  type: 'email' as const,
  address,
  verified_at: 1,
  first_verified_at: 1,
  latest_verified_at: 1,
});
const user = (accounts: WireUser['linked_accounts'] = []): WireUser => ({
  id: 'u1',
  created_at: 1_700_000_000,
  linked_accounts: accounts,
  mfa_methods: [],
  has_accepted_terms: false,
});

type Routes = Record<string, (request: RecordedRequest) => FakeAnswer>;

function setup(routes: Routes = {}, extra: { href?: string } = {}) {
  const clock = createFakeClock();
  const storage = memoryStorage();
  const token = (seconds = 3600) =>
    makeAccessToken({ aud: APP_ID, expSeconds: Math.floor(clock.now() / 1000) + seconds });
  const defaults: Routes = {
    [IDENTITY_API.appConfig(APP_ID)]: () => ({ body: serverAppConfig(APP_ID) }),
    [IDENTITY_API.me]: () => ({ body: user([emailAccount('ada@example.test')]) }),
  };
  const server = createFakeFetch((request) => {
    const route = routes[request.path] ?? defaults[request.path];
    return route ? route(request) : { status: 404, body: { error: 'not_found', message: 'Not found.' } };
  });
  const replaced: string[] = [];
  const client = createLatchClient({
    appId: APP_ID,
    clientId: 'web',
    apiUrl: 'https://auth.test',
    storage,
    clock,
    fetch: server.fetch,
    location: { href: () => extra.href ?? null, replace: (href) => void replaced.push(href) },
  });
  return { clock, storage, server, client, token, replaced };
}

const login = (token: string, extra: Partial<TokenResponse> = {}): FakeAnswer => ({
  body: { user: user([emailAccount('ada@example.test')]), token, refresh_token: 'rt-1', is_new_user: true, ...extra },
});

describe('createLatchClient', () => {
  it('refuses an app id that is not exactly 25 characters', () => {
    for (const appId of ['', 'x'.repeat(24), 'x'.repeat(26)]) {
      expect(() => createLatchClient({ appId, apiUrl: 'https://auth.test' })).toThrow(
        expect.objectContaining({ code: 'invalid_app_id' }),
      );
    }
  });

  it('works with no browser globals (SSR): no window, document, localStorage, location or history', async () => {
    for (const name of ['window', 'document', 'localStorage', 'location', 'history', 'navigator']) {
      expect(name in globalThis && (globalThis as Record<string, unknown>)[name] !== undefined).toBe(false);
    }
    const server = createFakeFetch(() => ({ body: serverAppConfig(APP_ID) }));
    const client = createLatchClient({ appId: APP_ID, apiUrl: 'https://auth.test', fetch: server.fetch });
    expect(client.getState()).toMatchObject({ status: 'loading', user: null, authenticated: false });
    await expect(client.init()).resolves.toMatchObject({ status: 'ready', authenticated: false });
    expect(client.getState().config?.name).toBe('Acme');
  });

  it('initialises signed out without asking for the user', async () => {
    const t = setup();
    const state = await t.client.init();
    expect(state).toMatchObject({ status: 'ready', user: null, authenticated: false, error: null });
    expect(state.config?.id).toBe(APP_ID);
    expect(t.server.to(IDENTITY_API.me)).toHaveLength(0);
  });

  it('restores a session on init, refreshing an expired token first, then loads the user', async () => {
    let fresh = '';
    const t = setup({ [IDENTITY_API.sessions]: () => login(fresh, { refresh_token: 'rt-2' }) });
    fresh = t.token();
    t.storage.set(keys.token, t.token(-60));
    t.storage.set(keys.refreshToken, 'rt-1');
    const state = await t.client.init();
    expect(state).toMatchObject({ status: 'ready', authenticated: true });
    expect(state.user?.email?.address).toBe('ada@example.test');
    expect(t.server.to(IDENTITY_API.sessions)[0]?.body).toEqual({ refresh_token: 'rt-1' });
    expect(t.server.to(IDENTITY_API.me)[0]?.headers[HEADER.authorization]).toBe(`Bearer ${fresh}`);
    expect(t.storage.get(keys.refreshToken)).toBe('rt-2');
  });

  it('accepts a users/me answer wrapped as { user }', async () => {
    const t = setup({ [IDENTITY_API.me]: () => ({ body: { user: user([emailAccount('ada@example.test')]) } }) });
    t.storage.set(keys.token, t.token());
    t.storage.set(keys.refreshToken, 'rt-1');
    const state = await t.client.init();
    expect(state.user?.email?.address).toBe('ada@example.test');
  });

  it('reports a failed app-config call as status error, and init can be retried', async () => {
    let up = false;
    const t = setup({
      [IDENTITY_API.appConfig(APP_ID)]: () =>
        up
          ? { body: serverAppConfig(APP_ID) }
          : { status: 404, body: { error: 'app_not_found', message: 'No app exists with this ID.' } },
    });
    const state = await t.client.init();
    expect(state.status).toBe('error');
    expect(state.error?.code).toBe('app_not_found');
    up = true;
    await expect(t.client.init()).resolves.toMatchObject({ status: 'ready', error: null });
  });

  it('publishes immutable snapshots and notifies subscribers on change', async () => {
    const t = setup();
    const seen: unknown[] = [];
    const unsubscribe = t.client.subscribe(() => seen.push(t.client.getState()));
    const before = t.client.getState();
    await t.client.init();
    const after = t.client.getState();
    expect(after).not.toBe(before);
    expect(Object.isFrozen(after)).toBe(true);
    expect(t.client.getState()).toBe(after);
    expect(seen.at(-1)).toBe(after);
    unsubscribe();
    const count = seen.length;
    await t.client.logout();
    expect(seen).toHaveLength(count);
  });

  it('reads the OAuth parameters on init and strips them from the address', async () => {
    const t = setup(
      {},
      { href: 'https://app.test/?latch_oauth_code=abc&latch_oauth_state=xyz&latch_oauth_provider=google' },
    );
    await t.client.init();
    expect(t.replaced).toEqual(['https://app.test/']);
    expect(t.client.takeOAuthReturn()).toEqual({ code: 'abc', state: 'xyz', provider: 'google', error: null });
    expect(t.client.takeOAuthReturn()).toBeNull();
  });
});

describe('email and SMS actions', () => {
  it('sends the email code with the captcha token', async () => {
    const t = setup({ [PASSWORDLESS_API.emailInit]: () => ({ body: { success: true } }) });
    await t.client.sendEmailCode(' ada@example.test ', 'captcha-1');
    expect(t.server.to(PASSWORDLESS_API.emailInit)[0]?.body).toEqual({ email: 'ada@example.test', token: 'captcha-1' });
  });

  it('logs in with an email code: stores the tokens, sets the user and reports a new user', async () => {
    let token = '';
    const t = setup({ [PASSWORDLESS_API.emailAuthenticate]: () => login(token) });
    token = t.token();
    await t.client.init();
    const result = await t.client.loginWithEmailCode('ada@example.test', ' 123456 ');
    expect(t.server.to(PASSWORDLESS_API.emailAuthenticate)[0]?.body).toEqual({
      email: 'ada@example.test',
      code: '123456',
    });
    expect(result.isNewUser).toBe(true);
    expect(result.user.email?.address).toBe('ada@example.test');
    expect(t.client.getState()).toMatchObject({ authenticated: true, user: result.user });
    expect(t.storage.get(keys.token)).toBe(token);
    await expect(t.client.getAccessToken()).resolves.toBe(token);
  });

  it('passes a wrong-code error through and stays signed out', async () => {
    const t = setup({
      [PASSWORDLESS_API.emailAuthenticate]: () => ({
        status: 422,
        body: { error: 'invalid_credentials', message: 'Invalid or expired verification code' },
      }),
    });
    await expect(t.client.loginWithEmailCode('ada@example.test', '000000')).rejects.toMatchObject({
      code: 'invalid_credentials',
      status: 422,
    });
    expect(t.client.getState().authenticated).toBe(false);
  });

  it('logs in with an SMS code using the phoneNumber field', async () => {
    let token = '';
    const t = setup({
      [PASSWORDLESS_API.smsInit]: () => ({ body: {} }),
      [PASSWORDLESS_API.smsAuthenticate]: () => login(token),
    });
    token = t.token();
    await t.client.sendSmsCode('+14155550123');
    await t.client.loginWithSmsCode('+14155550123', '123456');
    expect(t.server.to(PASSWORDLESS_API.smsInit)[0]?.body).toEqual({ phoneNumber: '+14155550123' });
    expect(t.server.to(PASSWORDLESS_API.smsAuthenticate)[0]?.body).toEqual({
      phoneNumber: '+14155550123',
      code: '123456',
    });
    expect(t.client.getState().authenticated).toBe(true);
  });

  it('refuses to link while signed out without calling the server', async () => {
    const t = setup();
    for (const attempt of [
      () => t.client.linkEmail('ada@example.test', '123456'),
      () => t.client.linkPhone('+14155550123', '123456'),
      () => t.client.unlinkEmail('ada@example.test'),
      () => t.client.acceptTerms(),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ code: 'must_be_authenticated' });
    }
    expect(t.server.requests).toHaveLength(0);
  });

  it('links, updates and unlinks with the bearer token and keeps the returned user', async () => {
    let token = '';
    const linked = user([
      emailAccount('ada@example.test'),
      { type: 'phone', phone_number: '+14155550123', verified_at: 1, first_verified_at: 1, latest_verified_at: 1 },
    ]);
    const t = setup({
      [PASSWORDLESS_API.emailAuthenticate]: () => login(token),
      [PASSWORDLESS_API.smsLink]: () => ({ body: linked }),
      [PASSWORDLESS_API.emailUpdate]: () => ({ body: user([emailAccount('new@example.test')]) }),
      [PASSWORDLESS_API.smsUnlink]: () => ({ body: user([emailAccount('new@example.test')]) }),
      [IDENTITY_API.acceptTerms]: () => ({
        body: { ...user([emailAccount('new@example.test')]), has_accepted_terms: true },
      }),
    });
    token = t.token();
    await t.client.loginWithEmailCode('ada@example.test', '123456');
    const afterLink = await t.client.linkPhone('+14155550123', '654321');
    expect(afterLink.phone?.number).toBe('+14155550123');
    expect(t.server.to(PASSWORDLESS_API.smsLink)[0]?.headers[HEADER.authorization]).toBe(`Bearer ${token}`);
    expect(t.client.getState().user).toBe(afterLink);
    await t.client.updateEmail('ada@example.test', 'new@example.test', '111111');
    expect(t.server.to(PASSWORDLESS_API.emailUpdate)[0]?.body).toEqual({
      oldAddress: 'ada@example.test',
      newAddress: 'new@example.test',
      code: '111111',
    });
    const afterUnlink = await t.client.unlinkPhone('+14155550123');
    expect(afterUnlink.phone).toBeUndefined();
    expect(t.server.to(PASSWORDLESS_API.smsUnlink)[0]?.body).toEqual({ phoneNumber: '+14155550123' });
    const accepted = await t.client.acceptTerms();
    expect(t.server.to(IDENTITY_API.acceptTerms)[0]?.body).toEqual({});
    expect(accepted.hasAcceptedTerms).toBe(true);
  });

  it('asks for codes of a purpose with the bearer token, and passes the step-up codes', async () => {
    let token = '';
    const t = setup({
      [PASSWORDLESS_API.emailAuthenticate]: () => login(token),
      [PASSWORDLESS_API.emailInit]: () => ({ body: { success: true } }),
      [PASSWORDLESS_API.emailUpdate]: () => ({ body: user([emailAccount('new@example.test')]) }),
      [PASSWORDLESS_API.emailUnlink]: () => ({ body: user([]) }),
    });
    token = t.token();
    await t.client.loginWithEmailCode('ada@example.test', '123456');
    await t.client.sendEmailCode('ada@example.test', undefined, 'update-old');
    const init = t.server.to(PASSWORDLESS_API.emailInit)[0];
    expect(init?.body).toEqual({ email: 'ada@example.test', purpose: 'update-old' });
    expect(init?.headers[HEADER.authorization]).toBe(`Bearer ${token}`);
    await t.client.updateEmail('ada@example.test', 'new@example.test', '111111', ' 222222 ');
    expect(t.server.to(PASSWORDLESS_API.emailUpdate)[0]?.body).toMatchObject({ code: '111111', oldCode: '222222' });
    await t.client.unlinkEmail('new@example.test', '333333');
    expect(t.server.to(PASSWORDLESS_API.emailUnlink)[0]?.body).toEqual({ address: 'new@example.test', code: '333333' });
  });

  it('requires an already linked email to update it', async () => {
    let token = '';
    const t = setup({
      [PASSWORDLESS_API.smsAuthenticate]: () => ({ body: { user: user(), token, refresh_token: 'rt' } }),
    });
    token = t.token();
    await t.client.loginWithSmsCode('+14155550123', '123456');
    await expect(t.client.updateEmail('a@example.test', 'b@example.test', '123456')).rejects.toMatchObject({
      code: 'account_not_linked',
    });
    expect(t.server.to(PASSWORDLESS_API.emailUpdate)).toHaveLength(0);
  });

  it('refreshes once and retries when the server refuses the access token', async () => {
    let first = '';
    let second = '';
    const t = setup({
      [PASSWORDLESS_API.emailAuthenticate]: () => login(first),
      [IDENTITY_API.sessions]: () => login(second, { refresh_token: 'rt-2' }),
      [IDENTITY_API.me]: (request) =>
        request.headers.authorization === `Bearer ${second}`
          ? { body: user() }
          : { status: 401, body: { error: 'missing_or_invalid_token', message: 'x' } },
    });
    first = t.token();
    second = t.token(7200);
    await t.client.loginWithEmailCode('ada@example.test', '123456');
    await expect(t.client.refreshUser()).resolves.toMatchObject({ id: 'u1' });
    expect(t.server.to(IDENTITY_API.me)).toHaveLength(2);
    expect(t.server.to(IDENTITY_API.sessions)).toHaveLength(1);
  });
});

describe('session through the client', () => {
  it('signs out when a refresh answers missing_or_invalid_token', async () => {
    const t = setup({
      [IDENTITY_API.sessions]: () => ({ status: 401, body: { error: 'missing_or_invalid_token', message: 'x' } }),
    });
    t.storage.set(keys.token, t.token(-60));
    t.storage.set(keys.refreshToken, 'rt-1');
    const state = await t.client.init();
    expect(state).toMatchObject({ status: 'ready', authenticated: false, user: null });
    expect(t.storage.get(keys.refreshToken)).toBeNull();
    await expect(t.client.getAccessToken()).resolves.toBeNull();
  });

  it('logs out: calls the server and clears local state even when the call fails', async () => {
    let token = '';
    const t = setup({
      [PASSWORDLESS_API.emailAuthenticate]: () => login(token),
      [IDENTITY_API.logout]: () => 'network-error',
    });
    token = t.token();
    await t.client.loginWithEmailCode('ada@example.test', '123456');
    const done = t.client.logout();
    expect(t.client.getState()).toMatchObject({ authenticated: false, user: null });
    await t.clock.advance(5_000);
    await expect(done).resolves.toBeUndefined();
    expect(t.server.to(IDENTITY_API.logout)[0]?.body).toEqual({ refresh_token: 'rt-1' });
    expect(t.storage.get(keys.token)).toBeNull();
  });

  it("treats a 'clear' answer to a login as no session", async () => {
    const t = setup({
      [PASSWORDLESS_API.emailAuthenticate]: () => login('ignored', { session_update_action: 'clear' }),
    });
    await expect(t.client.loginWithEmailCode('ada@example.test', '123456')).rejects.toMatchObject({
      code: 'missing_or_invalid_token',
    });
    expect(t.client.getState().authenticated).toBe(false);
  });
});

describe('analytics', () => {
  it('posts the event with client id and client timestamp, never retries and never throws', async () => {
    const t = setup({ [ANALYTICS_API.events]: () => ({ status: 503 }) });
    await expect(t.client.trackEvent('modal_open', { screen: 'LANDING' })).resolves.toBeUndefined();
    const [request] = t.server.to(ANALYTICS_API.events);
    expect(request?.body).toEqual({
      event_name: 'modal_open',
      client_id: 'web',
      payload: { clientTimestamp: new Date(t.clock.now()).toISOString(), screen: 'LANDING' },
    });
    await t.clock.advance(5_000);
    expect(t.server.to(ANALYTICS_API.events)).toHaveLength(1);
  });
});

describe('destroy', () => {
  it('cancels in-flight calls and stops notifying', async () => {
    const t = setup({ [PASSWORDLESS_API.emailInit]: () => 'hang' });
    let notified = 0;
    t.client.subscribe(() => void notified++);
    const pending = t.client.sendEmailCode('ada@example.test');
    await t.clock.flush();
    t.client.destroy();
    await expect(pending).rejects.toMatchObject({ code: 'client_request_cancelled' });
    expect(notified).toBe(0);
  });
});
