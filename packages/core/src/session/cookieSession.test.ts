import {
  COOKIE_ACCESS_TOKEN,
  COOKIE_HAND_OFF_REFUSED,
  IDENTITY_API,
  LatchError,
  type TokenResponse,
  type WireUser,
} from '@latch/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryStorage } from '../storage.js';
import { createFakeClock } from '../testing/fakeClock.js';
import { createTransport } from '../transport/transport.js';
import { cookieToken, isCookieMode, sessionMarker } from './cookieSession.js';
import { createSession } from './session.js';
import { forkHandOff } from './sessionHandOff.js';
import { createTokenStore } from './tokenStore.js';

const APP_ID = 'a'.repeat(25);
const wireUser: WireUser = { id: 'u1', created_at: 1, linked_accounts: [], mfa_methods: [], has_accepted_terms: false };
const page = globalThis as { document?: { cookie: string } };

/** The server's side of cookie mode: its answers set the marker (the browser's cookie jar, as the page sees it). */
function setup() {
  const clock = createFakeClock();
  const calls: { path: string; init: RequestInit }[] = [];
  page.document = { cookie: '' };
  const setMarker = (secondsFromNow: number) => {
    page.document!.cookie = `theme=dark; latch-session=${Math.floor(clock.now() / 1000) + secondsFromNow}`;
  };
  const placeholders: TokenResponse = {
    user: wireUser,
    token: null,
    refresh_token: 'deprecated',
    session_update_action: 'ignore',
  };
  const fetch = (async (url: string, init: RequestInit) => {
    const path = new URL(url).pathname;
    calls.push({ path, init });
    if (path === IDENTITY_API.logout) {
      page.document!.cookie = '';
      return new Response(JSON.stringify({ session_update_action: 'clear' }));
    }
    setMarker(3600);
    return new Response(JSON.stringify(placeholders));
  }) as typeof globalThis.fetch;
  const transport = createTransport({
    apiUrl: 'https://auth.test',
    appId: APP_ID,
    clock,
    fetch,
    analyticsId: () => 'ca',
  });
  const storage = memoryStorage();
  const store = createTokenStore(storage, APP_ID);
  const session = createSession({ appId: APP_ID, store, transport, clock, onSignedOut() {}, onUser() {} });
  transport.useCookies(true);
  session.useCookies(true);
  return { clock, calls, session, store, setMarker, placeholders };
}

afterEach(() => {
  delete page.document;
});

describe('cookie mode (custom_api_url)', () => {
  it('is on when the app config names the API the client calls', () => {
    expect(isCookieMode('https://auth.test', 'https://auth.test/')).toBe(true);
    expect(isCookieMode('https://auth.test', 'https://latch.example')).toBe(false);
    expect(isCookieMode(null, 'https://auth.test')).toBe(false);
  });

  it("reads the server's refresh marker and counts the cookie expired 30 s early (SPEC §4)", () => {
    const t = setup();
    expect(sessionMarker()).toBeNull();
    t.setMarker(31);
    expect(cookieToken(t.clock.now())).toBe(COOKIE_ACCESS_TOKEN);
    t.setMarker(29);
    expect(cookieToken(t.clock.now())).toBeNull();
  });

  it("stores nothing of an 'ignore' response and is signed in while server cookies exist", () => {
    const t = setup();
    t.setMarker(3600);
    expect(t.session.applyTokenResponse(t.placeholders)).toBe(true);
    expect([t.store.getToken(), t.store.getRefreshToken(), t.store.getIdentityToken()]).toEqual([null, null, null]);
    expect(t.session.activeToken()).toBe(COOKIE_ACCESS_TOKEN);
  });

  it('refreshes with the cookies (no body token, credentials included) when the marker says the token expired', async () => {
    const t = setup();
    t.setMarker(10);
    expect(t.session.canRefresh()).toBe(true);
    await expect(t.session.getAccessToken()).resolves.toBe(COOKIE_ACCESS_TOKEN);
    expect(t.calls).toHaveLength(1);
    const [refresh] = t.calls;
    expect(refresh!.path).toBe(IDENTITY_API.sessions);
    expect(refresh!.init.credentials).toBe('include');
    expect(JSON.parse(String(refresh!.init.body))).toEqual({});
    expect((refresh!.init.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('has no identity token to hand out (it is an HttpOnly cookie for the host backend) and asks nothing for it', async () => {
    const t = setup();
    t.setMarker(3600);
    await expect(t.session.getIdentityToken()).resolves.toBeNull();
    expect(t.calls).toHaveLength(0);
  });

  it('logs out with the cookies and is signed out once the server deleted them', async () => {
    const t = setup();
    t.setMarker(3600);
    await t.session.logout();
    expect(t.calls.map((c) => [c.path, c.init.credentials])).toEqual([[IDENTITY_API.logout, 'include']]);
    expect(t.session.hasSession()).toBe(false);
  });

  it('refuses a session hand-off itself, asking the server nothing (issue #34: the server refuses it too)', async () => {
    const t = setup();
    t.setMarker(3600);
    const refused = forkHandOff(t.session, 'c'.repeat(43));
    await expect(refused).rejects.toBeInstanceOf(LatchError);
    await expect(refused).rejects.toMatchObject({ code: 'invalid_hand_off', message: COOKIE_HAND_OFF_REFUSED });
    expect(t.calls).toHaveLength(0);
    expect(t.session.hasSession()).toBe(true);
  });
});
