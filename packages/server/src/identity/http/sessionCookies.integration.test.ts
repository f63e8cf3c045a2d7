import {
  FRAME_SESSION_TOKEN_PATH,
  IDENTITY_API,
  PASSWORDLESS_API,
  SESSION_COOKIE,
  type TokenResponse,
} from '@latch/protocol';
import { decodeJwt } from 'jose';
import { expect, it } from 'vitest';
import { passwordlessTestClient, uniqueEmail } from '../../modules/passwordless/testing/passwordlessTestClient.js';
import { API_HOST, cookieBrowser, HOST_SITE } from '../../test/cookieBrowser.js';
import { forEveryBackend, widgetHeaders } from '../../test/harness.js';
import { REFRESH_GRACE_MS } from '../sessions/refreshTokens.js';

// Cookie mode (issue #34): refresh, reuse detection and logout through cookies are store contracts, so on every backend.
forEveryBackend('sessions in HttpOnly cookies (custom_api_url)', (server) => {
  const cookieApp = async () => {
    const { appId, clientId } = await server().createApp({
      allowedOrigins: [HOST_SITE],
      config: { custom_api_url: `https://${API_HOST}` },
    });
    return { appId, clientId, browser: cookieBrowser(server(), appId, clientId) };
  };

  /** An email login through the API host; its code comes from the dev outbox. */
  const logIn = async (browser: ReturnType<typeof cookieBrowser>, appId: string, clientId: string, email: string) => {
    const codes = passwordlessTestClient(server(), appId, clientId);
    expect((await browser.send('POST', PASSWORDLESS_API.emailInit, { body: { email } })).status).toBe(200);
    const code = await codes.latestCode(email);
    return browser.send('POST', PASSWORDLESS_API.emailAuthenticate, { body: { email, code } });
  };

  it('a login sets HttpOnly Secure SameSite cookies with SPEC §9 lifetimes and answers placeholders', async () => {
    const { appId, clientId, browser } = await cookieApp();
    const response = await logIn(browser, appId, clientId, uniqueEmail('cookie-login'));
    expect(response.status).toBe(200);
    const body = (await response.json()) as TokenResponse;
    expect(body).toMatchObject({ token: null, refresh_token: 'deprecated', session_update_action: 'ignore' });
    expect(body.identity_token).toBeUndefined();
    expect(body.device_grant).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user.linked_accounts[0]).toMatchObject({ type: 'email' });
    const cookies = Object.fromEntries(
      browser.lastSetCookies().map((cookie) => [
        cookie.split('=')[0],
        cookie
          .split(';')
          .slice(1)
          .map((a) => a.trim()),
      ]),
    );
    const token = browser.jar.get(SESSION_COOKIE.token)!;
    const exp = decodeJwt(token).exp!;
    const now = Math.floor(server().clock.now().getTime() / 1000);
    expect(cookies[SESSION_COOKIE.token]).toEqual(
      expect.arrayContaining([
        `Max-Age=${exp - now}`,
        'Domain=example.com',
        'Path=/',
        'HttpOnly',
        'Secure',
        'SameSite=Lax',
      ]),
    );
    expect(cookies[SESSION_COOKIE.refreshToken]).toEqual(
      expect.arrayContaining(['Max-Age=2592000', 'Path=/api/v1/sessions', 'HttpOnly', 'Secure', 'SameSite=Strict']),
    );
    // The refresh token goes to the API host only: never to the host site's backend.
    expect(cookies[SESSION_COOKIE.refreshToken]!.some((a: string) => a.startsWith('Domain='))).toBe(false);
    expect(cookies[SESSION_COOKIE.identityToken]).toEqual(expect.arrayContaining(['HttpOnly', 'Secure']));
    // The marker is the one a page script reads: "refresh is possible if server cookies exist" (SPEC §4).
    expect(cookies[SESSION_COOKIE.marker]).toEqual(
      expect.arrayContaining(['Max-Age=2592000', 'Domain=example.com', 'Secure', 'SameSite=Lax']),
    );
    expect(cookies[SESSION_COOKIE.marker]).not.toContain('HttpOnly');
    expect(browser.jar.get(SESSION_COOKIE.marker)).toBe(String(exp));
    // The page's answer holds no token at all.
    expect(JSON.stringify(body)).not.toContain(token);
    expect(JSON.stringify(body)).not.toContain(browser.jar.get(SESSION_COOKIE.refreshToken)!);
  });

  it('the cookie authenticates a call that names its app by header; a navigation or a form does not', async () => {
    const { appId, clientId, browser } = await cookieApp();
    await logIn(browser, appId, clientId, uniqueEmail('cookie-me'));
    expect((await browser.send('GET', IDENTITY_API.me)).status).toBe(200);
    // A top-level navigation (or an <img>) carries the cookie but cannot add the latch-app-id header.
    const navigation = await server().call('GET', IDENTITY_API.me, {
      headers: { host: API_HOST, cookie: `${SESSION_COOKIE.token}=${browser.jar.get(SESSION_COOKIE.token)}` },
    });
    expect(navigation.status).toBe(401);
  });

  it('refreshes through the refresh cookie (empty body) and rotates it; a replayed old cookie revokes the family', async () => {
    const { appId, clientId, browser } = await cookieApp();
    await logIn(browser, appId, clientId, uniqueEmail('cookie-refresh'));
    const first = browser.jar.get(SESSION_COOKIE.refreshToken)!;
    const refreshed = await browser.send('POST', IDENTITY_API.sessions, { body: {} });
    expect(refreshed.status).toBe(200);
    expect(await refreshed.json()).toMatchObject({
      token: null,
      refresh_token: 'deprecated',
      session_update_action: 'ignore',
    });
    const second = browser.jar.get(SESSION_COOKIE.refreshToken)!;
    expect(second).not.toBe(first);
    expect((await browser.send('GET', IDENTITY_API.me)).status).toBe(200);

    // A thief who kept the first cookie replays it after the grace window: the whole family dies.
    server().clock.advance(REFRESH_GRACE_MS + 1000);
    const replay = await browser.send('POST', IDENTITY_API.sessions, {
      body: {},
      headers: { cookie: `${SESSION_COOKIE.refreshToken}=${first}` },
    });
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ error: 'missing_or_invalid_token' });
    // The refused refresh deletes the cookies it answers.
    expect(replay.headers.getSetCookie().every((cookie) => /Max-Age=0/.test(cookie))).toBe(true);
    const owner = await server().call('POST', IDENTITY_API.sessions, {
      body: {},
      headers: {
        ...widgetHeaders(appId, clientId),
        host: API_HOST,
        cookie: `${SESSION_COOKIE.refreshToken}=${second}`,
      },
    });
    expect(owner.status).toBe(401);
  });

  it('logout revokes the session and deletes every cookie', async () => {
    const { appId, clientId, browser } = await cookieApp();
    await logIn(browser, appId, clientId, uniqueEmail('cookie-logout'));
    const token = browser.jar.get(SESSION_COOKIE.token)!;
    const refreshToken = browser.jar.get(SESSION_COOKIE.refreshToken)!;
    const logout = await browser.send('POST', IDENTITY_API.logout, { body: {} });
    expect(logout.status).toBe(200);
    expect(await logout.json()).toEqual({ session_update_action: 'clear' });
    const deleted = logout.headers.getSetCookie();
    expect(deleted.map((cookie) => cookie.split('=')[0]).sort()).toEqual(Object.values(SESSION_COOKIE).sort());
    expect(deleted.every((cookie) => /Max-Age=0/.test(cookie))).toBe(true);
    expect(browser.jar.size).toBe(0);
    // Kept copies of the cookies are dead too.
    expect(
      (await server().call('GET', IDENTITY_API.me, { headers: widgetHeaders(appId, clientId, token) })).status,
    ).toBe(401);
    const refresh = await server().call('POST', IDENTITY_API.sessions, {
      body: { refresh_token: refreshToken },
      headers: widgetHeaders(appId, clientId),
    });
    expect(refresh.status).toBe(401);
  });

  it('refuses a form post with the cookies (CSRF): no rotation, no logout', async () => {
    const { appId, clientId, browser } = await cookieApp();
    await logIn(browser, appId, clientId, uniqueEmail('cookie-csrf'));
    const refreshToken = browser.jar.get(SESSION_COOKIE.refreshToken)!;
    // From a sibling subdomain (same site: SameSite=Strict cookies go along) and from another site.
    for (const origin of ['https://evil.example.com', 'https://evil.test']) {
      for (const path of [IDENTITY_API.sessions, IDENTITY_API.logout, FRAME_SESSION_TOKEN_PATH]) {
        const answer = await browser.formPost(path, origin);
        // The cookies are no credential without the app header: a route that needs a user refuses before its body
        // (401); the refresh and logout, which read their body first, refuse the form body (415, CSRF-03).
        const expected = path === FRAME_SESSION_TOKEN_PATH ? 'missing_or_invalid_token' : 'invalid_data';
        expect(await answer.json(), `${origin} ${path}`).toMatchObject({ error: expected });
      }
    }
    // Naming the app is what a form cannot do: a JSON body without the header is refused too.
    const noHeader = await server().call('POST', IDENTITY_API.sessions, {
      body: {},
      headers: { host: API_HOST, origin: HOST_SITE, cookie: `${SESSION_COOKIE.refreshToken}=${refreshToken}` },
    });
    expect(noHeader.status).toBe(401);
    // Neither spent nor revoked: the owner's refresh cookie still works.
    const refreshed = await browser.send('POST', IDENTITY_API.sessions, {
      body: {},
      headers: { cookie: `${SESSION_COOKIE.refreshToken}=${refreshToken}` },
    });
    expect(refreshed.status).toBe(200);
  });

  it("hands the cookie's access token only to a page of the API's own origin (the wallet frame)", async () => {
    const { appId, clientId, browser } = await cookieApp();
    await logIn(browser, appId, clientId, uniqueEmail('cookie-frame'));
    const fromHostPage = await browser.send('POST', FRAME_SESSION_TOKEN_PATH, { body: {} });
    expect(fromHostPage.status).toBe(403);
    expect(await fromHostPage.json()).toMatchObject({ error: 'invalid_origin' });
    const sibling = await browser.send('POST', FRAME_SESSION_TOKEN_PATH, {
      body: {},
      headers: { origin: `https://${API_HOST}`, 'sec-fetch-site': 'same-site' },
    });
    expect(sibling.status).toBe(403);
    const fromFrame = await browser.send('POST', FRAME_SESSION_TOKEN_PATH, {
      body: {},
      headers: { origin: `https://${API_HOST}`, 'sec-fetch-site': 'same-origin' },
    });
    expect(fromFrame.status).toBe(200);
    expect(await fromFrame.json()).toEqual({ token: browser.jar.get(SESSION_COOKIE.token) });
  });

  it("refuses a custom_api_url off the app's site, and an origin change that leaves it off", async () => {
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => 'accepted',
        (error: { code?: string }) => error.code,
      );
    const offSite = { allowedOrigins: [HOST_SITE], config: { custom_api_url: 'https://auth.other.test' } };
    expect(await refusal(server().createApp(offSite))).toBe('invalid_custom_api_url');
    const { appId } = await cookieApp();
    expect(await refusal(server().ctx.apps.update(appId, { allowedOrigins: ['https://other.test'] }))).toBe(
      'invalid_custom_api_url',
    );
    expect((await server().ctx.apps.require(appId)).allowedOrigins).toEqual([HOST_SITE]);
  });

  it('keeps local mode where it applies: another host, or an app without custom_api_url', async () => {
    const { appId, clientId } = await cookieApp();
    const viaPublicUrl = await passwordlessTestClient(server(), appId, clientId).emailLogin(
      uniqueEmail('cookie-other-host'),
    );
    expect(viaPublicUrl.headers.getSetCookie()).toEqual([]);
    expect(await viaPublicUrl.json()).toMatchObject({ session_update_action: 'set', token: expect.any(String) });
    const local = await server().createApp({ allowedOrigins: [HOST_SITE] });
    const localBrowser = cookieBrowser(server(), local.appId, local.clientId);
    const response = await logIn(localBrowser, local.appId, local.clientId, uniqueEmail('local-mode'));
    expect(response.headers.getSetCookie()).toEqual([]);
    const body = (await response.json()) as TokenResponse;
    expect(body).toMatchObject({ session_update_action: 'set', refresh_token: expect.any(String) });
    expect(body.refresh_token).not.toBe('deprecated');
  });
});
