import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createFakeEip1193Provider, type FakeEip1193Provider, installTestWallet } from '@latch/core/testing';
import type { Browser, Page } from 'playwright-core';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import {
  ARTIFACTS,
  browserWithSchemeApps,
  openDemo,
  seriousA11yViolations,
  TEST_WALLET_INFO,
  type TestApp,
} from './support.js';
import { dialog, expectSuccessAndClose, openLogin, visible } from './widgetSteps.js';

/** Safari on an iPhone: a wallet's in-app browser reports a mobile agent like this one. */
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** SPEC §4 "Wallet connection": the manual sign step's button on mobile. */
const SIGN_WITH_WALLET = 'Sign with your wallet';

let network = 0;

/**
 * In the page, after the test wallet's own script: wraps the announced provider so that each personal_sign
 * records whether it was asked during the tap's click dispatch (between a window capture listener and a window
 * bubble listener, i.e. in the handler itself or its microtasks). A network or import wait in between would
 * push it into a later task, outside the user activation Safari and popup wallets need.
 */
const SIGN_IN_TAP_PROBE = `(() => {
  let inTap = false;
  window.__signInTap = [];
  window.addEventListener('click', () => { inTap = true; }, true);
  window.addEventListener('click', () => { inTap = false; });
  window.addEventListener('eip6963:announceProvider', (event) => {
    const provider = event.detail.provider;
    if (provider.__probed) return;
    provider.__probed = true;
    const request = provider.request.bind(provider);
    provider.request = (args) => {
      if (args.method === 'personal_sign') window.__signInTap.push(inTap);
      return request(args);
    };
  });
  window.dispatchEvent(new Event('eip6963:requestProvider'));
})();`;

/** What the page asked of the SIWE API and the wallet, in order (with the test's own marks such as 'tap'). */
type OrderLog = string[];

/**
 * A phone-sized (390 × 844), touch, mobile-agent page with a fresh injected EIP-6963 wallet (a real viem key on
 * the Node side), on the demo for `app`. Each page gets its own client address, as `newUserPage` does, so the
 * server's per-IP nonce limit counts each test user apart.
 */
async function mobileWalletPage(
  browser: Browser,
  app: TestApp,
  device: 'phone' | 'narrow-touch' = 'phone',
): Promise<{ page: Page; account: PrivateKeyAccount; wallet: FakeEip1193Provider; log: OrderLog }> {
  network += 1;
  const address = `203.0.${Math.floor(Math.random() * 200)}.${(network % 250) + 1}`;
  const context = await browser.newContext(
    device === 'phone'
      ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: IPHONE_UA }
      : // Chromium's own (desktop) agent on a 390 px touch screen: mobile by SPEC §9's 440 px breakpoint.
        { viewport: { width: 390, height: 844 }, hasTouch: true },
  );
  await context.route(/\/api\/v1\//, (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }).catch(() => undefined),
  );
  const page = await context.newPage();
  page.on('close', () => {
    context.close().catch(() => undefined);
  });
  const account = privateKeyToAccount(generatePrivateKey());
  const wallet = createFakeEip1193Provider(account);
  const log: OrderLog = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/v1/siwe/')) log.push(`request ${path}`);
  });
  const answer = wallet.request;
  wallet.request = (args) => {
    if (args.method === 'personal_sign' || args.method === 'eth_requestAccounts') log.push(`wallet ${args.method}`);
    return answer(args);
  };
  await installTestWallet(page, wallet, TEST_WALLET_INFO);
  await page.addInitScript({ content: SIGN_IN_TAP_PROBE });
  await openDemo(page, app);
  // The demo lists connected wallets with the address unbroken, 20 px wider than this screen once the wallet is
  // connected (a demo page matter, not the widget's): let it wrap, as a phone-ready host page would.
  await page.addStyleTag({ content: '[data-testid="connected-wallet"] code { overflow-wrap: anywhere; }' });
  return { page, account, wallet, log };
}

/** Opens LANDING, then the wallet list, and taps the test wallet. */
async function chooseTestWallet(page: Page): Promise<void> {
  await openLogin(page);
  await dialog(page).getByRole('button', { name: 'Continue with a wallet' }).tap();
  const row = dialog(page).getByRole('button', { name: /Test Wallet/ });
  await visible(row);
  await row.tap();
}

/**
 * Saves what the phone shows (its 390 × 844 screen) as artifacts/screenshots/<name>.png, after checking the
 * sheet's content is on that screen; and checks axe-core finds no serious or critical violation.
 */
async function checkPhoneScreen(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[data-latch-root] [aria-busy="true"]'));
  // The host page fits the screen: a wider page stretches the layout viewport, and the bottom sheet with it.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  for (const button of await dialog(page).getByRole('button').all()) {
    const box = await button.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390 && box.y >= 0 && box.y + box.height <= 844).toBe(true);
  }
  const dir = join(ARTIFACTS, 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
  expect(await seriousA11yViolations(page)).toEqual([]);
}

/** Taps 'Sign with your wallet', marking the moment in the order log. */
async function tapSign(page: Page, log: OrderLog): Promise<void> {
  log.push('tap');
  await dialog(page).getByRole('button', { name: SIGN_WITH_WALLET, exact: true }).tap();
}

/** Whether each personal_sign so far was asked within its tap's click dispatch (see SIGN_IN_TAP_PROBE). */
const signsInTap = (page: Page): Promise<boolean[]> =>
  page.evaluate(() => (window as unknown as { __signInTap: boolean[] }).__signInTap);

/** How many times the wallet was asked for `method`. */
const callsOf = (wallet: FakeEip1193Provider, method: string): number =>
  wallet.calls.filter((call) => call.method === method).length;

/**
 * Waits for the manual step with its button enabled (the sign-in message prepared); checks the wallet was connected
 * and asked to sign only the `signedBefore` earlier times.
 */
async function expectManualSignStep(page: Page, wallet: FakeEip1193Provider, signedBefore = 0): Promise<void> {
  await visible(dialog(page).getByRole('button', { name: SIGN_WITH_WALLET, exact: true }));
  await page.waitForFunction(
    (name) =>
      [...document.querySelectorAll<HTMLButtonElement>('[data-latch-root] button')].some(
        (button) => button.textContent === name && !button.disabled,
      ),
    SIGN_WITH_WALLET,
  );
  await visible(dialog(page).getByRole('heading', { name: 'Waiting for Test Wallet' }));
  await visible(dialog(page).getByText('Sign the message in your wallet to log in.'));
  expect(callsOf(wallet, 'eth_requestAccounts')).toBeGreaterThanOrEqual(1);
  expect(callsOf(wallet, 'personal_sign')).toBe(signedBefore);
}

// Issue 5: on mobile the sign-in waits for the manual 'Sign with your wallet' button (SPEC §4 "Wallet connection").
describe('wallet login on mobile: the manual sign step', () => {
  const suite = browserWithSchemeApps('Wallet mobile sign', { wallet_auth: true });

  for (const scheme of ['light', 'dark'] as const) {
    it(`${scheme}: asks nothing of the wallet until 'Sign with your wallet' is pressed, then signs once and logs in`, async () => {
      const { page, account, wallet, log } = await mobileWalletPage(suite.browser(), suite.app(scheme));
      await chooseTestWallet(page);
      await expectManualSignStep(page, wallet);
      await checkPhoneScreen(page, `awaiting-connection-mobile-sign-${scheme}`);
      // Still nothing asked after the screenshot and axe: the step waits for the person, not for a timer.
      expect(callsOf(wallet, 'personal_sign')).toBe(0);
      // The nonce was fetched (and the message written) before the button could be pressed.
      expect(log).toEqual(['wallet eth_requestAccounts', 'request /api/v1/siwe/init']);

      await expectSuccessAndClose(page, () => tapSign(page, log));
      // Nothing between the tap and personal_sign (no /siwe/init), asked within the tap itself; then authenticate.
      expect(log.slice(log.indexOf('tap'))).toEqual([
        'tap',
        'wallet personal_sign',
        'request /api/v1/siwe/authenticate',
      ]);
      expect(await signsInTap(page)).toEqual([true]);
      await visible(page.getByTestId('user-wallet'));
      expect((await page.getByTestId('user-wallet').textContent())?.toLowerCase()).toBe(account.address.toLowerCase());
      expect(callsOf(wallet, 'personal_sign')).toBe(1);
      const sign = wallet.calls.find((call) => call.method === 'personal_sign');
      expect(String((sign?.params as unknown[] | undefined)?.[1]).toLowerCase()).toBe(account.address.toLowerCase());
      await page.close();
    });
  }

  it('a touch screen under the 440 px breakpoint without a mobile agent also gets the manual step', async () => {
    const { page, account, wallet, log } = await mobileWalletPage(suite.browser(), suite.app('light'), 'narrow-touch');
    expect(await page.evaluate(() => /Mobile|iPhone|Android/.test(navigator.userAgent))).toBe(false);
    await chooseTestWallet(page);
    await expectManualSignStep(page, wallet);
    expect(log).toEqual(['wallet eth_requestAccounts', 'request /api/v1/siwe/init']);
    await expectSuccessAndClose(page, () => tapSign(page, log));
    expect(log.slice(log.indexOf('tap'))).toEqual(['tap', 'wallet personal_sign', 'request /api/v1/siwe/authenticate']);
    expect(await signsInTap(page)).toEqual([true]);
    expect((await page.getByTestId('user-wallet').textContent())?.toLowerCase()).toBe(account.address.toLowerCase());
    expect(callsOf(wallet, 'personal_sign')).toBe(1);
    await page.close();
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`${scheme}: while /siwe/init has not answered, the button is shown disabled (preparing) and nothing is signed`, async () => {
      const { page, account, wallet, log } = await mobileWalletPage(suite.browser(), suite.app(scheme));
      let answerInit: () => void = () => {};
      const held = new Promise<void>((resolve) => (answerInit = resolve));
      await page.route(/\/api\/v1\/siwe\/init$/, async (route) => {
        await held;
        await route.fallback();
      });
      await chooseTestWallet(page);
      const button = dialog(page).getByRole('button', { name: SIGN_WITH_WALLET, exact: true });
      await visible(button);
      expect(await button.isDisabled()).toBe(true);
      expect(await button.getAttribute('aria-busy')).toBe('true');
      // The button turns disabled as the runtime prepares, which may be a moment before the init request leaves.
      await expect
        .poll(() => log, { timeout: 20_000 })
        .toEqual(['wallet eth_requestAccounts', 'request /api/v1/siwe/init']);
      const dir = join(ARTIFACTS, 'screenshots');
      mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: join(dir, `awaiting-connection-mobile-sign-preparing-${scheme}.png`) });
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(callsOf(wallet, 'personal_sign')).toBe(0);

      answerInit();
      await expectManualSignStep(page, wallet);
      await expectSuccessAndClose(page, () => tapSign(page, log));
      expect(log.slice(log.indexOf('tap'))).toEqual([
        'tap',
        'wallet personal_sign',
        'request /api/v1/siwe/authenticate',
      ]);
      expect((await page.getByTestId('user-wallet').textContent())?.toLowerCase()).toBe(account.address.toLowerCase());
      await page.close();
    });
  }

  it("a rejection at the manual step shows 'signature rejected (please try signing again)'; Retry comes back to the step and logs in", async () => {
    const { page, account, wallet, log } = await mobileWalletPage(suite.browser(), suite.app('light'));
    wallet.script('personal_sign', { errorCode: 4001 });
    await chooseTestWallet(page);
    await expectManualSignStep(page, wallet);
    await tapSign(page, log);

    await visible(dialog(page).getByRole('heading', { name: 'signature rejected (please try signing again)' }));
    expect(callsOf(wallet, 'personal_sign')).toBe(1);
    await checkPhoneScreen(page, 'awaiting-connection-mobile-sign-rejected');
    await dialog(page).getByRole('button', { name: 'Retry' }).tap();

    // Retry reconnects and writes a new message (fresh nonce), then waits for the button again.
    await expectManualSignStep(page, wallet, 1);
    expect(callsOf(wallet, 'eth_requestAccounts')).toBe(2);
    expect(log.slice(log.indexOf('tap'))).toEqual([
      'tap',
      'wallet personal_sign',
      'wallet eth_requestAccounts',
      'request /api/v1/siwe/init',
    ]);
    await expectSuccessAndClose(page, () => tapSign(page, log));
    expect(log.slice(log.lastIndexOf('tap'))).toEqual([
      'tap',
      'wallet personal_sign',
      'request /api/v1/siwe/authenticate',
    ]);
    expect(await signsInTap(page)).toEqual([true, true]);
    expect((await page.getByTestId('user-wallet').textContent())?.toLowerCase()).toBe(account.address.toLowerCase());
    expect(callsOf(wallet, 'personal_sign')).toBe(2);
    await page.close();
  });
});
