import { createHash, randomBytes } from 'node:crypto';
import {
  COOKIE_HAND_OFF_REFUSED,
  IDENTITY_API,
  PASSWORDLESS_API,
  SESSION_COOKIE,
  type TokenResponse,
} from '@latch/protocol';
import { expect, it } from 'vitest';
import { passwordlessTestClient, uniqueEmail } from '../../modules/passwordless/testing/passwordlessTestClient.js';
import { API_HOST, cookieBrowser, HOST_SITE } from '../../test/cookieBrowser.js';
import { forEveryBackend, widgetHeaders } from '../../test/harness.js';
import { REFRESH_GRACE_MS } from '../sessions/refreshTokens.js';

/** A PKCE pair as a caller makes it: the verifier it keeps, the challenge it sends. */
function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

// Issue #34's gap: in cookie mode any script on the host page can send the refresh cookie (fetch with credentials
// and the app header). Were the fork to hand it a code for its own challenge, it would redeem that code with its
// own verifier from its own machine: a session that outlives the page. The session kept in cookies refuses.
forEveryBackend('session hand-off in cookie mode (custom_api_url)', (server) => {
  /** A cookie-mode app and a browser signed in to it by email through the API host. */
  const cookieLogin = async (label: string) => {
    const { appId, clientId } = await server().createApp({
      allowedOrigins: [HOST_SITE],
      config: { email_auth: true, custom_api_url: `https://${API_HOST}` },
    });
    const browser = cookieBrowser(server(), appId, clientId);
    const email = uniqueEmail(label);
    const codes = passwordlessTestClient(server(), appId, clientId);
    expect((await browser.send('POST', PASSWORDLESS_API.emailInit, { body: { email } })).status).toBe(200);
    const login = { email, code: await codes.latestCode(email) };
    expect((await browser.send('POST', PASSWORDLESS_API.emailAuthenticate, { body: login })).status).toBe(200);
    return { appId, clientId, browser, email };
  };

  it("refuses a page script's hand-off with the refresh cookie, and changes nothing: no rotation, cookies kept", async () => {
    const { browser } = await cookieLogin('cookie-hand-off-attack');
    const before = new Map(browser.jar);
    // The attack: the script's own challenge, the cookie the browser attaches, the code it would read in the body.
    const attack = await browser.send('POST', IDENTITY_API.fork, { body: { hand_off_challenge: pkce().challenge } });
    expect(attack.status).toBe(400);
    const body = (await attack.json()) as { error: string; message: string; hand_off_code?: string };
    expect(body).toMatchObject({ error: 'invalid_hand_off', message: COOKIE_HAND_OFF_REFUSED });
    expect(body.hand_off_code).toBeUndefined();
    // The refusal neither clears nor sets a cookie (a 400: only a 401 deletes them).
    expect(attack.headers.getSetCookie()).toEqual([]);
    expect(browser.jar).toEqual(before);
    expect((await browser.send('GET', IDENTITY_API.me)).status).toBe(200);
    // Not rotated: past the grace window a rotated token's replay would revoke the family (401); this one refreshes.
    server().clock.advance(REFRESH_GRACE_MS + 1000);
    const refreshed = await browser.send('POST', IDENTITY_API.sessions, { body: {} });
    expect(refreshed.status).toBe(200);
    expect(browser.jar.get(SESSION_COOKIE.refreshToken)).not.toBe(before.get(SESSION_COOKIE.refreshToken));
    expect((await browser.send('GET', IDENTITY_API.me)).status).toBe(200);
  });

  it('a plain fork still answers in cookie mode, with no refresh token for the page', async () => {
    const { browser } = await cookieLogin('cookie-plain-fork');
    const plain = await browser.send('POST', IDENTITY_API.fork, { body: {} });
    expect(plain.status).toBe(200);
    const body = (await plain.json()) as TokenResponse;
    expect(body).toMatchObject({ token: null, refresh_token: 'deprecated' });
    expect(body.new_session_refresh_token).toBeUndefined();
  });

  it("local mode's body token still hands off, but a cookie-mode page redeems no code (login CSRF)", async () => {
    const { appId, clientId } = await cookieLogin('cookie-local-hand-off');
    // The same app's session held in a page's storage (local mode: a request to another host, the token in the body):
    // what an attacker holding their own account's tokens can fork, to put in a link for a victim's cookie-mode page.
    const local = await server().signIn(appId, { type: 'email', address: uniqueEmail('cookie-local-holder') });
    const keys = pkce();
    const fork = await server().call('POST', IDENTITY_API.fork, {
      headers: widgetHeaders(appId, clientId),
      body: { refresh_token: local.refresh_token, hand_off_challenge: keys.challenge },
    });
    expect(fork.status).toBe(200);
    const code = ((await fork.json()) as TokenResponse).hand_off_code;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Redeemed, it would be set as cookies before the page could ask whose session it is: refused, nothing set.
    const receiving = cookieBrowser(server(), appId, clientId);
    const res = await receiving.send('POST', IDENTITY_API.sessions, {
      body: { hand_off_code: code, code_verifier: keys.verifier },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_hand_off');
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(receiving.jar.get(SESSION_COOKIE.refreshToken)).toBeUndefined();
    // The code itself is untouched: a local-mode page (a request to another host) still redeems it.
    const redeemed = await server().call('POST', IDENTITY_API.sessions, {
      headers: widgetHeaders(appId, clientId),
      body: { hand_off_code: code, code_verifier: keys.verifier },
    });
    expect(redeemed.status).toBe(200);
    expect(((await redeemed.json()) as TokenResponse).user.id).toBe(local.user.id);
  });
});
