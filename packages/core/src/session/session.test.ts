import { IDENTITY_API, type TokenResponse, type WireUser } from '@latch/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryStorage } from '../storage.js';
import { createFakeClock } from '../testing/fakeClock.js';
import { createFakeFetch, type FakeAnswer, type RecordedRequest } from '../testing/fakeFetch.js';
import { makeAccessToken } from '../testing/tokens.js';
import { createTransport } from '../transport/transport.js';
import { createSession } from './session.js';
import { createTokenStore, storageKeys } from './tokenStore.js';

const APP_ID = 'a'.repeat(25);
const keys = storageKeys(APP_ID);
const wireUser: WireUser = { id: 'u1', created_at: 1, linked_accounts: [], mfa_methods: [], has_accepted_terms: false };

function setup(handler: (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>, storage = memoryStorage()) {
  const clock = createFakeClock();
  const server = createFakeFetch(handler);
  const transport = createTransport({
    apiUrl: 'https://auth.test',
    appId: APP_ID,
    clock,
    fetch: server.fetch,
    analyticsId: () => 'ca',
  });
  const store = createTokenStore(storage, APP_ID);
  const events = { signedOut: 0, users: [] as WireUser[] };
  const session = createSession({
    appId: APP_ID,
    store,
    transport,
    clock,
    onSignedOut: () => void events.signedOut++,
    onUser: (user) => void events.users.push(user),
  });
  const token = (secondsFromNow: number, aud = APP_ID) =>
    makeAccessToken({ aud, expSeconds: Math.floor(clock.now() / 1000) + secondsFromNow });
  return { clock, server, store, session, events, storage, token };
}

const refreshed = (token: string, refresh = 'rt-2'): FakeAnswer => ({
  body: { user: wireUser, token, refresh_token: refresh } satisfies TokenResponse,
});

/** An expired session whose refresh first gets `first`, then a fresh token: the second try comes after `waitMs`. */
async function refreshRetriedAfter(first: FakeAnswer, waitMs: number) {
  let calls = 0;
  let fresh = '';
  const t = setup(() => (++calls === 1 ? first : refreshed(fresh)));
  fresh = t.token(3600);
  t.store.setToken(t.token(-10));
  t.store.setRefreshToken('rt-1');
  const pending = t.session.getAccessToken();
  await t.clock.advance(waitMs - 1);
  expect(t.server.requests).toHaveLength(1);
  await t.clock.advance(1);
  expect(t.server.requests).toHaveLength(2);
  await expect(pending).resolves.toBe(fresh);
  return t;
}

describe('session', () => {
  it('returns an active token without calling the server', async () => {
    const t = setup(() => ({ status: 500 }));
    const active = t.token(3600);
    t.store.setToken(active);
    t.store.setRefreshToken('rt-1');
    await expect(t.session.getAccessToken()).resolves.toBe(active);
    expect(t.server.requests).toHaveLength(0);
  });

  it('refreshes a token inside the 30 s margin once for 3 concurrent callers', async () => {
    let fresh = '';
    const t = setup(async () => refreshed(fresh));
    fresh = t.token(3600);
    t.store.setToken(t.token(30));
    t.store.setRefreshToken('rt-1');
    const tokens = await Promise.all([
      t.session.getAccessToken(),
      t.session.getAccessToken(),
      t.session.getAccessToken(),
    ]);
    expect(tokens).toEqual([fresh, fresh, fresh]);
    expect(t.server.requests).toHaveLength(1);
    expect(t.server.requests[0]).toMatchObject({
      path: IDENTITY_API.sessions,
      method: 'POST',
      body: { refresh_token: 'rt-1' },
    });
    expect(t.storage.get(keys.token)).toBe(fresh);
    expect(t.storage.get(keys.refreshToken)).toBe('rt-2');
    expect(t.events.users).toEqual([wireUser]);
  });

  it('triples the retry delay for the refresh call', async () => {
    await refreshRetriedAfter({ status: 503 }, 1500);
  });

  it('waits out a server briefly unavailable (503 service_unavailable, Retry-After) and keeps the session', async () => {
    const unavailable: FakeAnswer = {
      status: 503,
      body: { error: 'service_unavailable', message: 'x' },
      headers: { 'retry-after': '2' },
    };
    const t = await refreshRetriedAfter(unavailable, 2000);
    expect(t.events.signedOut).toBe(0);
  });

  it('shares one refresh across tabs holding the Web Lock, re-reading storage after acquiring it', async () => {
    // Two sessions over one storage stand for two tabs; the lock manager queues requests per name like the browser's.
    const queues = new Map<string, Promise<unknown>>();
    const locks = {
      request: (name: string, _options: unknown, work: () => Promise<unknown>) => {
        const run = (queues.get(name) ?? Promise.resolve()).then(work);
        queues.set(
          name,
          run.catch(() => {}),
        );
        return run;
      },
    };
    Object.defineProperty(globalThis, 'navigator', { value: { locks }, configurable: true });
    let fresh = '';
    const storage = memoryStorage();
    const tabA = setup(() => refreshed(fresh), storage);
    const tabB = setup(() => refreshed('never-used'), storage);
    fresh = tabA.token(3600);
    tabA.store.setToken(tabA.token(-10));
    tabA.store.setRefreshToken('rt-1');
    const [a, b] = await Promise.all([tabA.session.getAccessToken(), tabB.session.getAccessToken()]);
    expect([a, b]).toEqual([fresh, fresh]);
    expect(tabA.server.requests.length + tabB.server.requests.length).toBe(1);
  });

  it('does not sign back in when a logout happens while a refresh is in flight', async () => {
    let answer: (value: FakeAnswer) => void = () => {};
    const t = setup((request) =>
      request.path === IDENTITY_API.sessions ? new Promise<FakeAnswer>((resolve) => (answer = resolve)) : { body: {} },
    );
    t.store.setToken(t.token(-10));
    t.store.setRefreshToken('rt-1');
    const pending = t.session.getAccessToken();
    await t.clock.flush();
    await t.session.logout();
    answer(refreshed(t.token(3600)));
    await expect(pending).resolves.toBeNull();
    expect(t.storage.get(keys.token)).toBeNull();
    expect(t.storage.get(keys.refreshToken)).toBeNull();
  });

  it('logs out when the stored token was issued for another app', async () => {
    const t = setup(() => ({ status: 500 }));
    t.store.setToken(t.token(3600, 'b'.repeat(25)));
    t.store.setRefreshToken('rt-1');
    await expect(t.session.getAccessToken()).resolves.toBeNull();
    expect(t.storage.get(keys.token)).toBeNull();
    expect(t.storage.get(keys.refreshToken)).toBeNull();
    expect(t.events.signedOut).toBe(1);
  });

  it('clears local state when the refresh answers missing_or_invalid_token', async () => {
    const t = setup(() => ({ status: 401, body: { error: 'missing_or_invalid_token', message: 'x' } }));
    t.store.setToken(t.token(-10));
    t.store.setRefreshToken('rt-1');
    await expect(t.session.getAccessToken()).resolves.toBeNull();
    expect(t.storage.get(keys.token)).toBeNull();
    expect(t.storage.get(keys.refreshToken)).toBeNull();
    expect(t.events.signedOut).toBe(1);
  });

  it('keeps the session when the refresh fails for another reason', async () => {
    const t = setup(() => ({ status: 429, body: { error: 'too_many_requests', message: 'x' } }));
    t.store.setToken(t.token(-10));
    t.store.setRefreshToken('rt-1');
    await expect(t.session.getAccessToken()).rejects.toMatchObject({ code: 'too_many_requests' });
    expect(t.storage.get(keys.refreshToken)).toBe('rt-1');
    expect(t.events.signedOut).toBe(0);
  });

  it("does not refresh with the refresh token 'deprecated' or without an access token", async () => {
    const t = setup(() => refreshed('x'));
    t.store.setToken(t.token(-10));
    t.store.setRefreshToken('deprecated');
    expect(t.session.canRefresh()).toBe(false);
    await expect(t.session.getAccessToken()).resolves.toBeNull();
    t.store.setRefreshToken('rt-1');
    expect(t.session.canRefresh()).toBe(false);
    expect(t.server.requests).toHaveLength(0);
  });

  describe('session_update_action', () => {
    const response = (action: TokenResponse['session_update_action'], token: string | null): TokenResponse => ({
      user: wireUser,
      token,
      refresh_token: 'rt-new',
      session_update_action: action,
    });

    it("'set' and no action store both tokens", () => {
      for (const action of ['set', undefined] as const) {
        const t = setup(() => ({}));
        const token = t.token(3600);
        expect(t.session.applyTokenResponse(response(action, token))).toBe(true);
        expect(t.storage.get(keys.token)).toBe(token);
        expect(t.storage.get(keys.refreshToken)).toBe('rt-new');
      }
    });

    it("'clear' destroys local state", () => {
      const t = setup(() => ({}));
      t.store.setToken(t.token(3600));
      t.store.setRefreshToken('rt-1');
      expect(t.session.applyTokenResponse(response('clear', t.token(3600)))).toBe(false);
      expect(t.storage.get(keys.token)).toBeNull();
      expect(t.storage.get(keys.refreshToken)).toBeNull();
      expect(t.events.signedOut).toBe(1);
    });

    it("'ignore' stores only the access token when one is given", () => {
      const t = setup(() => ({}));
      const old = t.token(100);
      t.store.setToken(old);
      t.store.setRefreshToken('rt-1');
      t.session.applyTokenResponse(response('ignore', null));
      expect(t.storage.get(keys.token)).toBe(old);
      expect(t.storage.get(keys.refreshToken)).toBe('rt-1');
      const fresh = t.token(3600);
      t.session.applyTokenResponse(response('ignore', fresh));
      expect(t.storage.get(keys.token)).toBe(fresh);
      expect(t.storage.get(keys.refreshToken)).toBe('rt-1');
    });

    it('refuses a token of another app and signs out', () => {
      const t = setup(() => ({}));
      expect(() => t.session.applyTokenResponse(response('set', t.token(3600, 'b'.repeat(25))))).toThrow(
        expect.objectContaining({ code: 'missing_or_invalid_token' }),
      );
      expect(t.storage.get(keys.token)).toBeNull();
    });
  });

  describe('logout', () => {
    it('sends the refresh token and clears local state', async () => {
      const t = setup(() => ({ body: {} }));
      const token = t.token(3600);
      t.store.setToken(token);
      t.store.setRefreshToken('rt-1');
      await t.session.logout();
      expect(t.server.requests[0]).toMatchObject({ path: IDENTITY_API.logout, body: { refresh_token: 'rt-1' } });
      expect(t.server.requests[0]?.headers.authorization).toBe(`Bearer ${token}`);
      expect(t.storage.get(keys.token)).toBeNull();
      expect(t.events.signedOut).toBe(1);
    });

    it('clears local state even when the server call fails', async () => {
      const t = setup(() => ({ status: 401, body: { error: 'missing_or_invalid_token', message: 'x' } }));
      t.store.setToken(t.token(3600));
      t.store.setRefreshToken('rt-1');
      await expect(t.session.logout()).resolves.toBeUndefined();
      expect(t.storage.get(keys.token)).toBeNull();
      expect(t.storage.get(keys.refreshToken)).toBeNull();
    });

    it('clears local state before the server answers', async () => {
      const t = setup(() => 'hang');
      t.store.setToken(t.token(3600));
      t.store.setRefreshToken('rt-1');
      const pending = t.session.logout();
      await t.clock.flush();
      expect(t.storage.get(keys.token)).toBeNull();
      await t.clock.advance(60_000);
      await expect(pending).resolves.toBeUndefined();
    });
  });
});

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'navigator');
});
