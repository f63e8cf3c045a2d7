import { IDENTITY_API, type TokenResponse, type WireUser } from '@latch/protocol';
import { describe, expect, it, vi } from 'vitest';
import { createLatchClient } from './client.js';
import { expectSessionToken } from './session/expectSessionToken.js';
import { storageKeys } from './session/tokenStore.js';
import { memoryStorage } from './storage.js';
import { serverAppConfig } from './testing/appConfigFixture.js';
import { createFakeClock } from './testing/fakeClock.js';
import { createFakeFetch } from './testing/fakeFetch.js';
import { makeAccessToken } from './testing/tokens.js';

// Issue #24 reproduction 3 (login CSRF): a `?latch_token=` link must not sign anyone in, or replace a session.

const APP_ID = 's'.repeat(25);
const keys = storageKeys(APP_ID);
const wireUser: WireUser = { id: 'u1', created_at: 1, linked_accounts: [], mfa_methods: [], has_accepted_terms: true };

function setup(href: string) {
  const clock = createFakeClock();
  const storage = memoryStorage();
  const tab = memoryStorage();
  const token = () => makeAccessToken({ aud: APP_ID, expSeconds: Math.floor(clock.now() / 1000) + 3600 });
  const login = (): TokenResponse => ({ user: wireUser, token: token(), refresh_token: 'rt-2', is_new_user: false });
  const server = createFakeFetch((request) => {
    if (request.path === IDENTITY_API.appConfig(APP_ID)) return { body: serverAppConfig(APP_ID) };
    if (request.path === IDENTITY_API.me) return { body: wireUser };
    if (request.path === IDENTITY_API.sessions) return { body: login() };
    return { status: 404, body: { error: 'not_found', message: 'Not found.' } };
  });
  const replaced: string[] = [];
  const client = createLatchClient({
    appId: APP_ID,
    apiUrl: 'https://auth.test',
    storage,
    clock,
    fetch: server.fetch,
    location: { href: () => href, replace: (next) => void replaced.push(next) },
    oauthBrowser: { sessionStorage: tab },
  });
  const expectToken = () => expectSessionToken(APP_ID, tab, clock.now());
  return { client, server, storage, replaced, token, expectToken };
}

describe('the session-token return parameter', () => {
  it('adopts the token of a hand-off this signed-out tab started, and strips it', async () => {
    const t = setup('https://app.test/?latch_token=forked-1&tab=2');
    t.expectToken();
    const state = await t.client.init();
    expect(t.replaced).toEqual(['https://app.test/?tab=2']);
    expect(t.server.to(IDENTITY_API.sessions)[0]?.body).toEqual({ refresh_token: 'forked-1' });
    expect(state.authenticated).toBe(true);
  });

  it('ignores (and strips) a token this tab did not ask for: a crafted link signs no one in', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const t = setup('https://app.test/?latch_token=attacker');
    const state = await t.client.init();
    expect(t.replaced).toEqual(['https://app.test/']);
    expect(t.server.to(IDENTITY_API.sessions)).toEqual([]);
    expect(state.authenticated).toBe(false);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('keeps a logged-in user themselves when a link carries another token, even mid hand-off', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const t = setup('https://app.test/?latch_token=attacker');
    const own = t.token();
    t.storage.set(keys.token, own);
    t.storage.set(keys.refreshToken, 'own-refresh');
    t.expectToken();
    const state = await t.client.init();
    expect(t.replaced).toEqual(['https://app.test/']);
    expect(t.server.to(IDENTITY_API.sessions)).toEqual([]);
    expect(state.authenticated).toBe(true);
    expect(await t.client.getAccessToken()).toBe(own);
    warn.mockRestore();
  });
});
