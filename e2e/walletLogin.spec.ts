import { createFakeEip1193Provider, type FakeEip1193Provider, installTestWallet } from '@latch/core/testing';
import type { Browser, Page } from 'playwright-core';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, launchBrowser, openDemo, TEST_WALLET_INFO, type TestApp } from './support.js';
import { checkScreen, dialog, expectSuccessAndClose, newUserPage, openLogin, visible } from './widgetSteps.js';

/** A page with a fresh injected wallet (a real key on the Node side), on the demo for `app`. */
async function walletPage(
  browser: Browser,
  app: TestApp,
): Promise<{ page: Page; account: PrivateKeyAccount; wallet: FakeEip1193Provider }> {
  const account = privateKeyToAccount(generatePrivateKey());
  const wallet = createFakeEip1193Provider(account);
  const page = await newUserPage(browser);
  await installTestWallet(page, wallet, TEST_WALLET_INFO);
  await openDemo(page, app);
  return { page, account, wallet };
}

/** Opens LANDING, then the wallet list, and picks the test wallet. */
async function chooseTestWallet(page: Page): Promise<void> {
  await openLogin(page);
  await dialog(page).getByRole('button', { name: 'Continue with a wallet' }).click();
  const row = dialog(page).getByRole('button', { name: /Test Wallet/ });
  await visible(row);
  // The row carries the 'Connect' hover label (SPEC §2 LANDING wallet list).
  expect(await row.textContent()).toContain('Connect');
  await row.click();
}

// Issue 5, widget part: log in with an injected EIP-6963 wallet in Chromium.
describe('wallet login', () => {
  let browser: Browser;
  let app: TestApp;
  beforeAll(async () => {
    browser = await launchBrowser();
    app = await createApp({ name: 'Wallet login', config: { wallet_auth: true } });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('logs a new user in with the injected wallet, signing the sign-in message automatically', async () => {
    const { page, account, wallet } = await walletPage(browser, app);
    await expectSuccessAndClose(page, () => chooseTestWallet(page));
    await visible(page.getByTestId('user-wallet'));
    expect((await page.getByTestId('user-wallet').textContent())?.toLowerCase()).toBe(account.address.toLowerCase());
    // Desktop: no manual 'Sign with your wallet' step, the wallet was asked to sign once.
    expect(wallet.calls.filter((call) => call.method === 'personal_sign')).toHaveLength(1);
    await page.close();
  });

  it("shows 'you rejected the request' when the user rejects, and Retry connects", async () => {
    const { page, account, wallet } = await walletPage(browser, app);
    wallet.script('eth_requestAccounts', { errorCode: 4001 });
    await chooseTestWallet(page);
    await visible(dialog(page).getByRole('heading', { name: 'you rejected the request' }));
    await checkScreen(page, 'awaiting-connection-rejected');
    await expectSuccessAndClose(page, () => dialog(page).getByRole('button', { name: 'Retry' }).click());
    expect((await page.getByTestId('user-wallet').textContent())?.toLowerCase()).toBe(account.address.toLowerCase());
    await page.close();
  });

  it("says 'Unable to connect wallet' without Retry once 2 retries are used", async () => {
    const { page, wallet } = await walletPage(browser, app);
    wallet.script('eth_requestAccounts', { errorCode: 4001 }, { errorCode: 4001 }, { errorCode: 4001 });
    await chooseTestWallet(page);
    for (let retry = 0; retry < 2; retry += 1) {
      await visible(dialog(page).getByRole('heading', { name: 'you rejected the request' }));
      await dialog(page).getByRole('button', { name: 'Retry' }).click();
    }
    await visible(dialog(page).getByRole('heading', { name: 'Unable to connect wallet' }));
    expect(await dialog(page).getByRole('button', { name: 'Retry' }).count()).toBe(0);
    expect(wallet.calls.filter((call) => call.method === 'eth_requestAccounts')).toHaveLength(3);
    await page.close();
  });

  it('AWAITING_CONNECTION in the dark scheme: waiting, then the rejection with Retry', async () => {
    const dark = await createApp({ name: 'Wallet login dark', config: { wallet_auth: true, color_scheme: 'dark' } });
    const { page, wallet } = await walletPage(browser, dark);
    wallet.script('eth_requestAccounts', 'hang');
    await chooseTestWallet(page);
    await visible(dialog(page).getByRole('heading', { name: 'Waiting for Test Wallet' }));
    await checkScreen(page, 'awaiting-connection-dark');
    await page.close();

    const second = await walletPage(browser, dark);
    second.wallet.script('eth_requestAccounts', { errorCode: 4001 });
    await chooseTestWallet(second.page);
    await visible(dialog(second.page).getByRole('heading', { name: 'you rejected the request' }));
    await checkScreen(second.page, 'awaiting-connection-rejected-dark');
    await second.page.close();
  });

  it('shows AWAITING_CONNECTION while the wallet has not answered, and closing it leaves the user logged out', async () => {
    const { page, wallet } = await walletPage(browser, app);
    wallet.script('eth_requestAccounts', 'hang');
    await chooseTestWallet(page);
    await visible(dialog(page).getByRole('heading', { name: 'Waiting for Test Wallet' }));
    await visible(dialog(page).getByText('Confirm the request in your wallet to continue.'));
    await checkScreen(page, 'awaiting-connection');
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await dialog(page).waitFor({ state: 'detached', timeout: 20_000 });
    expect(await page.getByTestId('user').count()).toBe(0);
    await page.close();
  });
});
