import { IDENTITY_API, PASSWORDLESS_API, type TokenResponse, type WireUser } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import { createLatchClient } from './client.js';
import { storageKeys } from './session/tokenStore.js';
import { type LatchStorage, memoryStorage } from './storage.js';
import { serverAppConfig } from './testing/appConfigFixture.js';
import { createFakeClock } from './testing/fakeClock.js';
import { createFakeFetch, type FakeAnswer, type RecordedRequest } from './testing/fakeFetch.js';
import { makeAccessToken } from './testing/tokens.js';

const APP_ID = 'g'.repeat(25);
const GRANT = 'Zm9yLXRoZS1mcmFtZS1vbmx5LW5vdC1zdG9yYWdl';
const OTHER_GRANT = 'c2Vjb25kLWxvZ2luLWdyYW50LWZvci10aGUtZnJhbWU';

const wireUser: WireUser = { id: 'u1', created_at: 1, linked_accounts: [], mfa_methods: [], has_accepted_terms: true };

/** Storage that remembers every key and value ever written to it. */
function recordingStorage(): LatchStorage & { written: string[] } {
  const inner = memoryStorage();
  const written: string[] = [];
  return {
    written,
    get: (key) => inner.get(key),
    set(key, value) {
      written.push(`${key}=${value}`);
      inner.set(key, value);
    },
    remove: (key) => inner.remove(key),
  };
}

function setup(routes: Record<string, (request: RecordedRequest) => FakeAnswer>) {
  const clock = createFakeClock();
  const storage = recordingStorage();
  const token = (seconds = 3600) =>
    makeAccessToken({ aud: APP_ID, expSeconds: Math.floor(clock.now() / 1000) + seconds });
  const server = createFakeFetch((request) => {
    if (request.path === IDENTITY_API.appConfig(APP_ID)) return { body: serverAppConfig(APP_ID) };
    const route = routes[request.path];
    return route ? route(request) : { status: 404, body: { error: 'not_found', message: 'Not found.' } };
  });
  const client = createLatchClient({
    appId: APP_ID,
    apiUrl: 'https://auth.test',
    storage,
    clock,
    fetch: server.fetch,
    location: { href: () => null, replace: () => undefined },
  });
  return { clock, storage, client, token };
}

const answer = (token: string, extra: Partial<TokenResponse> = {}): FakeAnswer => ({
  body: { user: wireUser, token, refresh_token: 'rt-1', ...extra } satisfies TokenResponse,
});

describe('device grant (custody v2): memory only', () => {
  it('keeps the grant of a login in memory, never in storage, and hands it out once', async () => {
    let grant: string | undefined = GRANT;
    const t = setup({
      [PASSWORDLESS_API.emailAuthenticate]: () => answer(t.token(), grant ? { device_grant: grant } : {}),
      [IDENTITY_API.sessions]: () => answer(t.token(7200), { refresh_token: 'rt-2' }),
      [IDENTITY_API.me]: () => ({ body: wireUser }),
    });
    await t.client.init();
    await t.client.loginWithEmailCode('ada@example.test', '123456');
    expect(t.client.getState().authenticated).toBe(true);
    expect(t.client.hasDeviceGrant()).toBe(true);
    // Tokens were stored; the grant never was, under any key.
    expect(t.storage.written.some((entry) => entry.startsWith(storageKeys(APP_ID).token))).toBe(true);
    expect(t.storage.written.filter((entry) => entry.includes(GRANT))).toEqual([]);

    expect(t.client.takeDeviceGrant()).toBe(GRANT);
    expect(t.client.takeDeviceGrant()).toBeNull();
    expect(t.client.hasDeviceGrant()).toBe(false);

    // A second login replaces it; a login that brings none forgets the earlier one.
    grant = OTHER_GRANT;
    await t.client.loginWithEmailCode('ada@example.test', '123456');
    grant = undefined;
    await t.client.loginWithEmailCode('ada@example.test', '123456');
    expect(t.client.takeDeviceGrant()).toBeNull();
    expect(t.storage.written.filter((entry) => entry.includes(OTHER_GRANT))).toEqual([]);
  });

  it('forgets the grant on logout, and a refresh never brings one', async () => {
    const t = setup({
      [PASSWORDLESS_API.emailAuthenticate]: () => answer(t.token(30), { device_grant: GRANT }),
      // A server that wrongly put a grant on a refresh: the client does not take it.
      [IDENTITY_API.sessions]: () => answer(t.token(7200), { refresh_token: 'rt-2', device_grant: OTHER_GRANT }),
      [IDENTITY_API.logout]: () => ({ body: {} }),
    });
    await t.client.loginWithEmailCode('ada@example.test', '123456');
    await t.client.getAccessToken();
    expect(t.client.takeDeviceGrant()).toBe(GRANT);

    await t.client.loginWithEmailCode('ada@example.test', '123456');
    expect(t.client.hasDeviceGrant()).toBe(true);
    await t.client.logout();
    expect(t.client.hasDeviceGrant()).toBe(false);
    expect(t.client.takeDeviceGrant()).toBeNull();
    expect(t.storage.written.filter((entry) => entry.includes(GRANT) || entry.includes(OTHER_GRANT))).toEqual([]);
  });

  it('forgets the grant when a refused refresh signs the user out', async () => {
    const t = setup({
      [PASSWORDLESS_API.emailAuthenticate]: () => answer(t.token(-60), { device_grant: GRANT }),
      [IDENTITY_API.sessions]: () => ({ status: 401, body: { error: 'missing_or_invalid_token', message: 'x' } }),
    });
    await t.client.loginWithEmailCode('ada@example.test', '123456');
    expect(t.client.hasDeviceGrant()).toBe(true);
    await expect(t.client.getAccessToken()).resolves.toBeNull();
    expect(t.client.getState().authenticated).toBe(false);
    expect(t.client.takeDeviceGrant()).toBeNull();
  });
});
