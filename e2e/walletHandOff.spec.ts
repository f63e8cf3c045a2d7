import { createFakeEip1193Provider, installTestWallet } from '@latch/core/testing';
import type { Browser, Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { browserWithSchemeApps, openDemo, stack, type TestApp, uniqueEmail } from './support.js';
import {
  checkScreenInBothSchemes,
  dialog,
  expectSuccessAndClose,
  loginByEmail,
  phonePage,
  stepUpWithCode,
  visible,
} from './widgetSteps.js';

// Issue #34's forked-token path into another browser (SPEC §7: the fork "is also used to obtain a token for the
// mobile wallet redirect"): a signed-in phone page reopens itself in MetaMask's in-app browser — a second browser
// context here, with MetaMask's stand-in signing with a real key — and the link carries a one-time hand-off, never a
// session token. The wallet browser asks "Continue as …?" before it stores anything (login CSRF).

const METAMASK = {
  uuid: '3c1f6a7e-0d5b-4e2a-9f8c-7b6a5d4c3b2a',
  name: 'MetaMask',
  icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"%3E%3Crect width="24" height="24" rx="6" fill="%23f6851b"/%3E%3C/svg%3E',
  rdns: 'io.metamask',
};
const METAMASK_LINK = 'https://metamask.app.link/dapp/';

/**
 * Signs `email` in on a phone, asks to link a wallet, picks MetaMask (not in this browser: the interstitial) and
 * taps 'Open MetaMask'; returns the page address MetaMask's link would open in its in-app browser.
 */
async function linkFromPhone(browser: Browser, app: TestApp, email: string): Promise<{ page: Page; back: string }> {
  const page = await phonePage(browser);
  let opened = '';
  // MetaMask's universal link (no network here): the address it was sent to is what matters.
  await page.route(`${METAMASK_LINK}**`, (route) => {
    opened = route.request().url();
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<p>MetaMask</p>' });
  });
  await openDemo(page, app);
  await loginByEmail(page, email);
  await page.getByRole('button', { name: 'Link wallet', exact: true }).click();
  await dialog(page)
    .getByRole('button', { name: /MetaMask/ })
    .click();
  await visible(dialog(page).getByRole('heading', { name: 'Continue in MetaMask' }));
  await dialog(page).getByRole('link', { name: 'Open MetaMask' }).click();
  await page.waitForURL(`${METAMASK_LINK}**`);
  // MetaMask's link names the page without its scheme; the demo's is http.
  const back = `${new URL(stack().demoUrl).protocol}//${opened.slice(METAMASK_LINK.length)}`;
  return { page, back };
}

/** The link's page in MetaMask's browser: a fresh context with MetaMask in it. */
async function inWalletBrowser(browser: Browser, back: string) {
  const account = privateKeyToAccount(generatePrivateKey());
  const provider = createFakeEip1193Provider(account);
  const page = await phonePage(browser);
  await installTestWallet(page, provider, METAMASK);
  await page.goto(back);
  return { page, account, provider };
}

/**
 * A link from `prefix`'s phone opened in a wallet's browser, where the prompt is declined by `button` ('Not me', or
 * the modal's 'Close'): checks that the held session is logged out on the server; answers both pages.
 */
async function declinedHandOff(
  suite: ReturnType<typeof browserWithSchemeApps>,
  scheme: 'light' | 'dark',
  prefix: string,
  button: string,
) {
  const sender = await linkFromPhone(suite.browser(), suite.app(scheme), uniqueEmail(prefix));
  const wallet = await inWalletBrowser(suite.browser(), sender.back);
  await visible(dialog(wallet.page).getByRole('heading', { name: new RegExp(`^Continue as ${prefix}-`) }));
  const logout = wallet.page.waitForResponse((r) => r.url().endsWith('/api/v1/sessions/logout'));
  await dialog(wallet.page).getByRole('button', { name: button }).click();
  expect((await logout).status()).toBe(200);
  return { sender: sender.page, wallet: wallet.page };
}

describe('the mobile wallet redirect hand-off', () => {
  const suite = browserWithSchemeApps('Wallet hand-off', { wallet_auth: true, email_auth: true });

  it('keeps the user signed in in the wallet browser once they confirm, and links the wallet there', async () => {
    const email = uniqueEmail('hand-off');
    const sender = await linkFromPhone(suite.browser(), suite.app('light'), email);
    const url = new URL(sender.back);
    // A one-time code and a verifier, never a session token (Custody II).
    expect(url.searchParams.get('latch_wallet_handoff')).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('latch_wallet_intent')).toBe('link');
    expect(url.searchParams.has('latch_token')).toBe(false);

    const wallet = await inWalletBrowser(suite.browser(), sender.back);
    await visible(dialog(wallet.page).getByRole('heading', { name: `Continue as ${email}?` }));
    // Nothing is stored before the answer, and the hand-off left the address.
    expect(await wallet.page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('token')))).toEqual([]);
    expect(new URL(wallet.page.url()).searchParams.has('latch_wallet_handoff')).toBe(false);
    await checkScreenInBothSchemes(wallet.page, 'session-hand-off-390');
    await dialog(wallet.page).getByRole('button', { name: 'Continue', exact: true }).click();
    await visible(wallet.page.getByTestId('user-email').getByText(email));
    // The wallet the user went there for links: its signature (the manual mobile step), then the step-up.
    await expectSuccessAndClose(wallet.page, async () => {
      await dialog(wallet.page).getByRole('button', { name: 'Sign with your wallet' }).click();
      await stepUpWithCode(wallet.page, email);
    });
    const linked = wallet.page.getByTestId('linked-wallet').locator('code');
    await visible(linked.getByText(wallet.account.address, { exact: false }));

    // The sending page is still signed in (the fork rotated its tokens, under its lock).
    await sender.page.goBack();
    await visible(sender.page.getByTestId('user-email').getByText(email));
    // The link was one-time: opened again, it signs nobody in and asks nothing.
    const again = await inWalletBrowser(suite.browser(), sender.back);
    await visible(dialog(again.page).getByRole('heading', { name: /Log in|Sign the message|Waiting for/ }));
    expect(await again.page.getByTestId('user-email').count()).toBe(0);
    for (const page of [sender.page, wallet.page, again.page]) await page.close();
  });

  it('"Not me": a link made by someone else leaves the visitor signed out and ends that session', async () => {
    const { sender: attacker, wallet: victim } = await declinedHandOff(suite, 'dark', 'attacker', 'Not me');
    // As a signed-out visitor's deep link: MetaMask connects, to log in with it.
    await visible(dialog(victim).getByRole('button', { name: 'Sign with your wallet' }));
    expect(await victim.getByTestId('user-email').count()).toBe(0);
    expect(await victim.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('token')))).toEqual([]);
    for (const page of [attacker, victim]) await page.close();
  });

  it('closing the prompt unanswered logs that session out too, and keeps nothing', async () => {
    const { sender, wallet } = await declinedHandOff(suite, 'light', 'closed', 'Close');
    await dialog(wallet).waitFor({ state: 'detached', timeout: 20_000 });
    expect(await wallet.getByTestId('user-email').count()).toBe(0);
    for (const page of [sender, wallet]) await page.close();
  });
});
