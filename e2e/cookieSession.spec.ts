import { FRAME_SESSION_TOKEN_PATH, HEADER, IDENTITY_API, SESSION_COOKIE } from '@latch/protocol';
import type { Browser, BrowserContext, Cookie, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInWithAuthenticator, MFA_CONFIG, submitMfaCode } from './mfaSteps.js';
import { createApp, launchBrowser, openDemo, saveScreenshot, stack, type TestApp, uniqueEmail } from './support.js';
import {
  approveInFrame,
  demoField,
  dialog,
  expectSuccessAndClose,
  loginByEmail,
  openLogin,
  stepUpDialog,
  visible,
  walletFrame,
} from './widgetSteps.js';

// Cookie mode (issue #34): the demo app with custom_api_url set to the server. The demo (localhost:<demo port>) and the
// server (localhost:<api port>) are one site, and Chromium treats http://localhost as secure: Secure cookies work.

/** What a page script can read: Web Storage, and document.cookie. */
const readableByScript = (page: Page) =>
  page.evaluate(() => ({
    storage: [localStorage, sessionStorage].flatMap((s) => Object.keys(s).map((key) => `${key}=${s.getItem(key)}`)),
    cookie: document.cookie,
  }));

const latchCookies = async (context: BrowserContext): Promise<Record<string, Cookie>> =>
  Object.fromEntries((await context.cookies()).filter((c) => c.name.startsWith('latch-')).map((c) => [c.name, c]));

/** A refresh as the client sends it (cookie mode: an empty body, the cookies, the app header), from the demo page. */
const refreshFromPage = (page: Page, app: TestApp) =>
  page.evaluate(
    async ({ url, header, appId }) =>
      (
        await fetch(url, {
          method: 'POST',
          credentials: 'include',
          headers: { [header]: appId, 'content-type': 'application/json' },
          body: '{}',
        })
      ).status,
    { url: `${stack().apiUrl}${IDENTITY_API.sessions}`, header: HEADER.appId, appId: app.appId },
  );

/** Opens an attacker's page at `origin` (fulfilled by the browser context, no server) that posts a form to `path`. */
async function formPostFrom(context: BrowserContext, origin: string, path: string): Promise<number> {
  const page = await context.newPage();
  await page.route(`${origin}/attack.html`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<form method="post" action="${stack().apiUrl}${path}"><input name="refresh_token" value="x"></form>`,
    }),
  );
  await page.goto(`${origin}/attack.html`, { timeout: 15_000 });
  const answer = page.waitForResponse((response) => response.url() === `${stack().apiUrl}${path}`, {
    timeout: 15_000,
  });
  await page.evaluate(() => document.querySelector('form')?.submit());
  // The page stays open (its context closes with the test): closing it while the answer commits can hang.
  return (await answer).status();
}

describe('sessions in HttpOnly cookies (custom_api_url)', () => {
  let browser: Browser;
  let app: TestApp;
  beforeAll(async () => {
    browser = await launchBrowser();
    app = await createApp({
      name: 'Cookie Co',
      config: {
        email_auth: true,
        passkey_auth: true,
        custom_api_url: stack().apiUrl,
        embedded_wallet_config: { create_on_login: 'off' },
      },
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** A fresh browser profile on the demo, logged in by email. */
  const loggedIn = async (label: string) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await openDemo(page, app);
    const email = uniqueEmail(label);
    await loginByEmail(page, email);
    return { context, page, email };
  };

  it('keeps no token where a page script reads, stays logged in across a reload, and logout clears the cookies', async () => {
    const { context, page, email } = await loggedIn('cookie-login');
    const cookies = await latchCookies(context);
    const token = cookies[SESSION_COOKIE.token]!;
    const refresh = cookies[SESSION_COOKIE.refreshToken]!;
    expect(token).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    expect(refresh).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: IDENTITY_API.sessions });
    expect(cookies[SESSION_COOKIE.identityToken]).toMatchObject({ httpOnly: true, secure: true });
    expect(cookies[SESSION_COOKIE.marker]).toMatchObject({ httpOnly: false, secure: true });

    const readable = await readableByScript(page);
    const everything = JSON.stringify(readable);
    for (const secret of [token.value, refresh.value, cookies[SESSION_COOKIE.identityToken]!.value])
      expect(everything).not.toContain(secret);
    // No JWT at all (every token is one, `eyJ…`), and of the cookies only the marker.
    expect(everything).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
    expect(readable.cookie).toMatch(new RegExp(`^${SESSION_COOKIE.marker}=\\d+$`));
    await saveScreenshot(page, 'cookie-session-logged-in');

    await page.reload();
    await visible(page.getByTestId('user-email').getByText(email));
    const userId = await demoField(page, 'user-id');
    expect(userId).toMatch(/^did:latch:/);

    // The page signs out at once (SPEC §4); the server's answer deletes the cookies.
    const loggedOut = page.waitForResponse((response) => response.url().endsWith(IDENTITY_API.logout));
    await page.getByRole('button', { name: 'Log out' }).click();
    await visible(page.getByRole('button', { name: 'Log in', exact: true }));
    expect((await loggedOut).status()).toBe(200);
    expect(await latchCookies(context)).toEqual({});
    await page.reload();
    await visible(page.getByRole('button', { name: 'Log in', exact: true }));
    await context.close();
  });

  it('revokes the family when an old refresh cookie is replayed', async () => {
    const { context, page } = await loggedIn('cookie-replay');
    const stolen = (await latchCookies(context))[SESSION_COOKIE.refreshToken]!.value;
    // Two rotations: the stolen cookie is then two generations old, which no retry or second tab explains (RT-03).
    expect(await refreshFromPage(page, app)).toBe(200);
    expect(await refreshFromPage(page, app)).toBe(200);
    const replay = await fetch(`${stack().apiUrl}${IDENTITY_API.sessions}`, {
      method: 'POST',
      headers: {
        [HEADER.appId]: app.appId,
        'content-type': 'application/json',
        cookie: `${SESSION_COOKIE.refreshToken}=${stolen}`,
      },
      body: '{}',
    });
    expect(replay.status).toBe(401);
    // The owner's live cookies died with the family: the next refresh is refused and the page signs out.
    expect(await refreshFromPage(page, app)).toBe(401);
    await page.reload();
    await visible(page.getByRole('button', { name: 'Log in', exact: true }));
    await context.close();
  });

  it('refuses a cross-site (and a same-site, cross-origin) form post to a cookie-authenticated route', async () => {
    const { context, page, email } = await loggedIn('cookie-csrf');
    const before = (await latchCookies(context))[SESSION_COOKIE.refreshToken]!.value;
    // Another port of localhost is the same site (the SameSite cookies go along); 127.0.0.1 is another site.
    const sameSite = `http://localhost:${Number(new URL(stack().apiUrl).port) + 1}`;
    for (const origin of [sameSite, 'http://127.0.0.1:29999']) {
      expect(await formPostFrom(context, origin, IDENTITY_API.logout)).toBe(415);
      expect(await formPostFrom(context, origin, IDENTITY_API.sessions)).toBe(415);
      expect(await formPostFrom(context, origin, FRAME_SESSION_TOKEN_PATH)).toBe(401);
    }
    // Nothing was spent or revoked: the same refresh cookie, and the page stays logged in.
    expect((await latchCookies(context))[SESSION_COOKIE.refreshToken]!.value).toBe(before);
    await page.reload();
    await visible(page.getByTestId('user-email').getByText(email));
    await context.close();
  });

  it('passkeys: signs up, logs back in and steps up to add a second passkey on the cookie session', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const authenticator = async () =>
      (
        await cdp.send('WebAuthn.addVirtualAuthenticator', {
          options: {
            protocol: 'ctap2',
            transport: 'internal',
            hasResidentKey: true,
            hasUserVerification: true,
            isUserVerified: true,
            automaticPresenceSimulation: true,
          },
        })
      ).authenticatorId;
    const first = await authenticator();
    await openDemo(page, app);
    await openLogin(page);
    await dialog(page).getByRole('button', { name: 'I have a passkey' }).click();
    await expectSuccessAndClose(page, () =>
      dialog(page).getByRole('button', { name: 'Create an account with a passkey' }).click(),
    );
    const userId = await demoField(page, 'user-id');
    await page.getByRole('button', { name: 'Log out' }).click();
    await openLogin(page);
    await expectSuccessAndClose(page, () => dialog(page).getByRole('button', { name: 'I have a passkey' }).click());
    expect(await demoField(page, 'user-id')).toBe(userId);
    // A link is a signed-in call with a step-up (the passkey of this login): both ride the cookies.
    await page.getByRole('button', { name: 'Passkeys', exact: true }).click();
    await dialog(page).getByRole('button', { name: 'Add a passkey' }).click();
    const stepUp = stepUpDialog(page);
    await stepUp.getByRole('button', { name: 'Use your passkey' }).click();
    await stepUp.waitFor({ state: 'detached', timeout: 20_000 });
    // The first authenticator holds a passkey of this user already: a second one takes the new passkey.
    await visible(dialog(page).locator('.latch-status[data-tone="error"]'));
    await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: first });
    await authenticator();
    await dialog(page).getByRole('button', { name: 'Add a passkey' }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Passkey added' }));
    await dialog(page).getByRole('button', { name: 'Done' }).click();
    await visible(page.getByTestId('user-passkeys').getByText('2', { exact: true }));
    expect(JSON.stringify(await readableByScript(page))).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
    await context.close();
  });

  it('the wallet frame creates a wallet and signs with the cookie session', async () => {
    const { context, page } = await loggedIn('cookie-wallet');
    await page.getByRole('button', { name: 'Create wallet' }).click();
    const failed = page.getByTestId('embedded-wallet-none').getByTestId('embedded-wallet-error');
    await visible(page.getByTestId('embedded-wallet-address').or(failed), 30_000);
    if (await failed.count()) throw new Error(`createWallet failed: ${await failed.textContent()}`);
    await page.getByRole('button', { name: 'Sign message' }).click();
    await visible(walletFrame(page).getByRole('heading', { name: 'Sign message' }));
    await approveInFrame(page);
    const signature = page.getByTestId('embedded-wallet-signature');
    const error = page.getByTestId('embedded-wallet-error');
    await visible(signature.or(error));
    if (await error.count()) throw new Error(`signing failed: ${await error.textContent()}`);
    expect(await signature.textContent()).toMatch(/^0x[0-9a-f]{130}$/);
    // The host page still holds no token: the frame read the cookie's on its own origin.
    expect(JSON.stringify(await readableByScript(page))).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
    await context.close();
  });

  it('MFA: enrols the authenticator app (with its step-up) and verifies it before an export, on the cookie session', async () => {
    const mfaApp = await createApp({
      name: 'Cookie MFA Co',
      config: { ...MFA_CONFIG, custom_api_url: stack().apiUrl },
    });
    const context = await browser.newContext();
    const page = await context.newPage();
    await openDemo(page, mfaApp);
    // Enrolment: a manage_mfa step-up (a code to the login email), then the first TOTP code; all on the cookies.
    const { email, authenticator } = await loggedInWithAuthenticator(page, 'cookie-mfa');
    // A new session holds no verification: the export asks for the authenticator's code first.
    await page.getByRole('button', { name: 'Log out' }).click();
    await visible(page.getByRole('button', { name: 'Log in', exact: true }));
    await loginByEmail(page, email);
    await visible(page.getByTestId('embedded-wallet-ready').getByText('ready'), 30_000);
    await page.getByRole('button', { name: 'Export wallet' }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Verify your identity' }), 30_000);
    await submitMfaCode(page, await authenticator.code());
    await visible(page.getByRole('dialog').getByRole('heading', { name: 'Transfer Wallet' }), 30_000);
    expect(Object.keys(await latchCookies(context))).toContain(SESSION_COOKIE.refreshToken);
    expect(JSON.stringify(await readableByScript(page))).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
    await context.close();
  }, 180_000);
});
