import { createFakeEip1193Provider, installTestWallet } from '@latch/core/testing';
import type { Browser, Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApp,
  demoQuery,
  launchBrowser,
  openDemo,
  stack,
  TEST_WALLET_INFO,
  type TestApp,
  uniqueEmail,
} from './support.js';
import {
  checkScreen,
  demoField,
  dialog,
  enterCodeFor,
  expectSuccessAndClose,
  newUserPage,
  openLogin,
  seenCodes,
  visible,
} from './widgetSteps.js';

/** Types an email and submits it, without waiting for the code screen (CAPTCHA_SCREEN may come first). */
async function typeEmail(page: Page, email: string): Promise<void> {
  const input = dialog(page).getByRole('textbox', { name: /email/i });
  await input.fill(email);
  await input.press('Enter');
}

// The captcha (SPEC §4 "Captcha", issue #29) with the self-hosted proof of work ('pow:' site keys): solved in a
// worker of the page, verified by the real server. SPEC's delays × 0.1 (the 20 s wait: 2 s).
describe('captcha', () => {
  let browser: Browser;
  let pow: TestApp;
  beforeAll(async () => {
    browser = await launchBrowser();
    pow = await createApp({ name: 'Captcha Co', config: { email_auth: true, captcha_enabled: true } });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('logs in by email with the proof of work solved in the background; the init carries its token', async () => {
    const page = await newUserPage(browser);
    const inits: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/passwordless/init')) inits.push(request.postData() ?? '');
    });
    await openDemo(page, pow);
    await openLogin(page);
    const email = uniqueEmail('captcha-pow');
    const seen = await seenCodes(email);
    await typeEmail(page, email);
    await visible(dialog(page).getByRole('group'));
    expect(JSON.parse(inits[0] ?? '{}').token).toMatch(/^ey/);
    await enterCodeFor(page, email, seen);
    await dialog(page).waitFor({ state: 'detached' });
    expect(await demoField(page, 'user-email')).toBe(email);
    await page.close();
  });

  it('logs in with an external wallet: the SIWE init carries the proof of work token (SPEC §7)', async () => {
    const app = await createApp({ name: 'Captcha wallets', config: { wallet_auth: true, captcha_enabled: true } });
    const account = privateKeyToAccount(generatePrivateKey());
    const page = await newUserPage(browser);
    await installTestWallet(page, createFakeEip1193Provider(account), TEST_WALLET_INFO);
    const inits: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/siwe/init')) inits.push(request.postData() ?? '');
    });
    await openDemo(page, app);
    await expectSuccessAndClose(page, async () => {
      await openLogin(page);
      await dialog(page).getByRole('button', { name: 'Continue with a wallet' }).click();
      await dialog(page)
        .getByRole('button', { name: /Test Wallet/ })
        .click();
    });
    expect(inits).toHaveLength(1);
    expect(JSON.parse(inits[0] ?? '{}').token).toMatch(/^ey/);
    expect((await page.getByTestId('user-wallet').textContent())?.toLowerCase()).toBe(account.address.toLowerCase());
    await page.close();
  });

  it("a submit before the token shows CAPTCHA_SCREEN: 'Checking that you are a human...', then on", async () => {
    const page = await newUserPage(browser);
    // The challenge is held until the screen was seen: a solve is faster than a look.
    const held: Array<() => Promise<void>> = [];
    await page.route('**/api/v1/captcha/challenge', (route) => {
      held.push(() => route.continue());
    });
    await openDemo(page, pow);
    await openLogin(page);
    const email = uniqueEmail('captcha-wait');
    const seen = await seenCodes(email);
    await typeEmail(page, email);
    await visible(dialog(page).getByRole('heading', { name: 'Checking that you are a human...' }));
    await checkScreen(page, 'captcha-checking-light-1024');
    await Promise.all(held.map((go) => go()));
    await page.unroute('**/api/v1/captcha/challenge');
    await visible(dialog(page).getByRole('group'));
    await enterCodeFor(page, email, seen);
    await dialog(page).waitFor({ state: 'detached' });
    expect(await demoField(page, 'user-email')).toBe(email);
    await page.close();
  });

  it("a blocked captcha is retried 3 times, then 'Something went wrong' with the adblocker / VPN hint", async () => {
    const page = await newUserPage(browser);
    // As an adblocker would: the challenge never loads.
    let asked = 0;
    await page.route('**/api/v1/captcha/challenge', (route) => {
      asked += 1;
      return route.abort('blockedbyclient');
    });
    // Real time: each blocked call is retried by the transport, so the 4 runs take longer than 20 s × 0.1.
    await openDemo(page, pow, { realTime: true });
    await openLogin(page);
    await typeEmail(page, uniqueEmail('captcha-blocked'));
    await visible(dialog(page).getByRole('heading', { name: 'Something went wrong' }), 40_000);
    await visible(dialog(page).getByText('If you use an adblocker or VPN, try disabling and re-attempting.'));
    // 4 runs (the first and 3 retries), each tried 3 times by the transport (RETRY.attempts).
    expect(asked).toBe(12);
    await checkScreen(page, 'captcha-failed-light-1024');
    // Unblocked, 'Try again' runs it once more and the code goes out.
    await page.unroute('**/api/v1/captcha/challenge');
    await dialog(page).getByRole('button', { name: 'Try again' }).click();
    await visible(dialog(page).getByRole('group'));
    await page.close();
  });

  it('no token within the 20 s wait: captcha_timeout; its button goes back and runs the captcha again', async () => {
    const page = await newUserPage(browser);
    const held: Array<() => Promise<void>> = [];
    await page.route('**/api/v1/captcha/challenge', (route) => {
      held.push(() => route.continue());
    });
    await openDemo(page, pow);
    await openLogin(page);
    await typeEmail(page, uniqueEmail('captcha-timeout'));
    await visible(dialog(page).getByText('Something went wrong! Please try again later.'), 30_000);
    await checkScreen(page, 'captcha-timeout-light-1024');
    await page.unroute('**/api/v1/captcha/challenge');
    await dialog(page).getByRole('button', { name: 'Try again later' }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Log in or sign up' }));
    const email = uniqueEmail('captcha-after-timeout');
    const seen = await seenCodes(email);
    await typeEmail(page, email);
    await visible(dialog(page).getByRole('group'), 30_000);
    await enterCodeFor(page, email, seen);
    await dialog(page).waitFor({ state: 'detached' });
    await page.close();
  });

  /** An app whose captcha is Turnstile with `siteKey` (the stand-in's test keys), its secret set first. */
  async function turnstileApp(siteKey: string): Promise<TestApp> {
    const app = await createApp({ name: 'Turnstile Co', config: { email_auth: true } });
    const { apiUrl } = stack();
    const put = await fetch(`${apiUrl}/api/v1/dev/apps/${app.appId}/captcha_secret`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ secret: '1x0000000000000000000000000000000AA' }),
    });
    expect(put.status).toBe(200);
    const patch = await fetch(`${apiUrl}/api/v1/dev/apps/${app.appId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ config: { captcha_enabled: true, captcha_site_key: `t:${siteKey}` } }),
    });
    expect(patch.status).toBe(200);
    return app;
  }

  /** The demo for a Turnstile app, its script from the dev IdP's stand-in (createLatch's captcha.turnstileScriptUrl). */
  async function openTurnstileDemo(page: Page, app: TestApp, timing: { realTime?: boolean } = {}) {
    const host = JSON.stringify({ captcha: { turnstileScriptUrl: `${stack().devIdpUrl}/turnstile/v0/api.js` } });
    await page.goto(`${stack().demoUrl}/?${demoQuery(app, { host }, timing)}`);
  }

  it('logs in by email through Turnstile (the dev IdP stand-in): the server verifies the token with siteverify', async () => {
    const app = await turnstileApp('1x00000000000000000000AA');
    const page = await newUserPage(browser);
    await openTurnstileDemo(page, app);
    await openLogin(page);
    const email = uniqueEmail('captcha-turnstile');
    const seen = await seenCodes(email);
    await typeEmail(page, email);
    await visible(dialog(page).getByRole('group'));
    await enterCodeFor(page, email, seen);
    await dialog(page).waitFor({ state: 'detached' });
    expect(await demoField(page, 'user-email')).toBe(email);
    await page.close();
  });

  it('Turnstile failing 4 times (standin-fail-4): 3 retries, then the hint; Try again passes', async () => {
    const app = await turnstileApp('standin-fail-4');
    const page = await newUserPage(browser);
    // Real time: under × 0.1 the 4 runs may outlast the 2 s wait (captcha_timeout would come first).
    await openTurnstileDemo(page, app, { realTime: true });
    await openLogin(page);
    await typeEmail(page, uniqueEmail('captcha-turnstile-fail'));
    await visible(dialog(page).getByText('If you use an adblocker or VPN, try disabling and re-attempting.'));
    await dialog(page).getByRole('button', { name: 'Try again' }).click();
    await visible(dialog(page).getByRole('group'));
    await page.close();
  });
});
