import { IDENTITY_API, type TokenResponse, type WireUser } from '@latch/protocol';
import { describe, expect, it, vi } from 'vitest';
import { createLatchClient } from './client.js';
import { sessionHandOffKey } from './session/sessionHandOff.js';
import { storageKeys } from './session/tokenStore.js';
import { memoryStorage } from './storage.js';
import { serverAppConfig } from './testing/appConfigFixture.js';
import { createFakeClock } from './testing/fakeClock.js';
import { createFakeFetch } from './testing/fakeFetch.js';
import { makeAccessToken } from './testing/tokens.js';

// Issue #34: the session hand-off carries a one-time code, redeemed only by the tab that asked (issue #24 reproduction
// 3, login CSRF: a crafted link must not sign anyone in, or replace a session); no session token is in a URL.

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
    if (request.path === IDENTITY_API.fork)
      return { body: { ...login(), refresh_token: 'rt-3', hand_off_code: 'code-1' } };
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
  /** This tab asks for a hand-off: its verifier, as requestSessionHandOff keeps it. */
  const ask = async () => {
    await client.requestSessionHandOff();
    return (JSON.parse(tab.get(sessionHandOffKey(APP_ID)) ?? '{}') as { verifier: string }).verifier;
  };
  return { client, server, storage, tab, replaced, token, ask };
}

describe('the session hand-off', () => {
  it('redeems the code of a hand-off this signed-out tab asked for, with its verifier, and strips it', async () => {
    const t = setup('https://app.test/?latch_handoff=code-1&tab=2');
    const verifier = await t.ask();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const state = await t.client.init();
    expect(t.replaced).toEqual(['https://app.test/?tab=2']);
    expect(t.server.to(IDENTITY_API.sessions)[0]?.body).toEqual({ hand_off_code: 'code-1', code_verifier: verifier });
    expect(state.authenticated).toBe(true);
    expect(t.tab.get(sessionHandOffKey(APP_ID))).toBeNull();
  });

  it('ignores (and strips) a code this tab did not ask for: a crafted link signs no one in', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const t = setup('https://app.test/?latch_handoff=attacker');
    const state = await t.client.init();
    expect(t.replaced).toEqual(['https://app.test/']);
    expect(t.server.to(IDENTITY_API.sessions)).toEqual([]);
    expect(state.authenticated).toBe(false);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('keeps a logged-in user themselves when a link carries another code, even mid hand-off', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const t = setup('https://app.test/?latch_handoff=attacker');
    const own = t.token();
    t.storage.set(keys.token, own);
    t.storage.set(keys.refreshToken, 'own-refresh');
    await t.ask();
    const state = await t.client.init();
    expect(t.replaced).toEqual(['https://app.test/']);
    expect(t.server.to(IDENTITY_API.sessions)).toEqual([]);
    expect(state.authenticated).toBe(true);
    expect(await t.client.getAccessToken()).toBe(own);
    warn.mockRestore();
  });

  it('strips an old `latch_token` refresh token from the address and never sends it', async () => {
    const t = setup('https://app.test/?latch_token=forked-1&tab=2');
    await t.ask();
    const state = await t.client.init();
    expect(t.replaced).toEqual(['https://app.test/?tab=2']);
    expect(t.server.to(IDENTITY_API.sessions)).toEqual([]);
    expect(state.authenticated).toBe(false);
  });

  it('hands this session off: forks it for the challenge, keeps the rotated tokens, returns the code', async () => {
    const t = setup('https://app.test/');
    t.storage.set(keys.token, t.token());
    t.storage.set(keys.refreshToken, 'own-refresh');
    await t.client.init();
    await expect(t.client.handOffSession('c'.repeat(43))).resolves.toBe('code-1');
    expect(t.server.to(IDENTITY_API.fork)[0]?.body).toEqual({
      refresh_token: 'own-refresh',
      hand_off_challenge: 'c'.repeat(43),
    });
    expect(t.storage.get(keys.refreshToken)).toBe('rt-3');
  });

  it('refuses to hand off without a session', async () => {
    const t = setup('https://app.test/');
    await t.client.init();
    await expect(t.client.handOffSession('c'.repeat(43))).rejects.toMatchObject({ code: 'missing_or_invalid_token' });
    expect(t.server.to(IDENTITY_API.fork)).toEqual([]);
  });
});
