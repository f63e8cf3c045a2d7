import { createFakeEip1193Provider, type FakeEip1193Provider, installTestWallet } from '@latch/core/testing';
import type { Browser, Page } from 'playwright-core';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { browserWithSchemeApps, openDemo, type TestApp, uniqueEmail } from './support.js';
import {
  checkScreen,
  dialog,
  expectSuccessAndClose,
  loginByEmail,
  newUserPage,
  openLogin,
  stepUpWithCode,
  stepUpWithWallet,
  visible,
} from './widgetSteps.js';

const icon = (fill: string) =>
  `data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"%3E%3Crect width="24" height="24" rx="6" fill="%23${fill}"/%3E%3C/svg%3E`;
const FIRST = {
  uuid: '0b6a3f0e-1f7e-4c39-9d3a-6c1f0d2b7a01',
  name: 'Test Wallet',
  icon: icon('676FFF'),
  rdns: 'com.example.testwallet',
};
const SECOND = {
  uuid: '5d0c9a4e-2b1f-4e8a-8c7d-3f2a1b0c9d02',
  name: 'Second Wallet',
  icon: icon('F97316'),
  rdns: 'com.example.second',
};

interface TestWallet {
  account: PrivateKeyAccount;
  provider: FakeEip1193Provider;
}

const newWallet = (account = privateKeyToAccount(generatePrivateKey())): TestWallet => ({
  account,
  provider: createFakeEip1193Provider(account),
});

/** A new user's page on `app` with the given injected wallets (each its own EIP-6963 announcement). */
async function pageWith(browser: Browser, app: TestApp, wallets: Array<[TestWallet, typeof FIRST]>): Promise<Page> {
  const page = await newUserPage(browser);
  for (const [index, [wallet, info]] of wallets.entries()) {
    await installTestWallet(page, wallet.provider, info, `__latchTestWallet${index}`);
  }
  await openDemo(page, app);
  return page;
}

/** Logs in with the wallet named `name` from LANDING's wallet list. */
async function loginWithWallet(page: Page, name: string): Promise<void> {
  await openLogin(page);
  await dialog(page).getByRole('button', { name: 'Continue with a wallet' }).click();
  await expectSuccessAndClose(page, () =>
    dialog(page)
      .getByRole('button', { name: new RegExp(name) })
      .click(),
  );
  await visible(page.getByTestId('user'));
}

const linkedWallets = async (page: Page): Promise<string[]> =>
  (await page.getByTestId('linked-wallet').locator('code').allTextContents()).map((a) => a.toLowerCase());

// Issue 5: LINK_WALLET_SCREEN, linkWallet / unlinkWallet, and a wallet of another user refused.
describe('wallet linking', () => {
  const suite = browserWithSchemeApps('Wallet linking', { wallet_auth: true, email_auth: true });

  it('links a second wallet with a signature, then unlinks it', async () => {
    const first = newWallet();
    const second = newWallet();
    const app = suite.app('light');
    const page = await pageWith(suite.browser(), app, [
      [first, FIRST],
      [second, SECOND],
    ]);
    await loginWithWallet(page, 'Test Wallet');
    expect(await linkedWallets(page)).toEqual([first.account.address.toLowerCase()]);

    await page.getByRole('button', { name: 'Link wallet', exact: true }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Connect your wallet' }));
    await visible(dialog(page).getByRole('button', { name: /Second Wallet/ }));
    await checkScreen(page, 'link-wallet-light');
    await dialog(page)
      .getByRole('button', { name: /Second Wallet/ })
      .click();
    // Step-up (issue #24): the wallet the user logged in with signs first.
    await expectSuccessAndClose(page, () => stepUpWithWallet(page, first.account.address));
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="linked-wallet"]').length === 2);
    expect((await linkedWallets(page)).sort()).toEqual(
      [first.account.address.toLowerCase(), second.account.address.toLowerCase()].sort(),
    );
    // The link was proven with the second wallet's signature of the sign-in message.
    expect(second.provider.calls.filter((call) => call.method === 'personal_sign')).toHaveLength(1);
    // Both wallets are connected in the page (useWallets()).
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="connected-wallet"]').length === 2);

    await page.getByRole('button', { name: `Unlink wallet ${second.account.address.slice(0, 6)}…` }).click();
    await stepUpWithWallet(page, first.account.address);
    await visible(page.getByTestId('wallet-status').getByText(`Unlinked ${second.account.address}`));
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="linked-wallet"]').length === 1);
    expect(await linkedWallets(page)).toEqual([first.account.address.toLowerCase()]);
    await page.close();
  });

  it("LINK_WALLET_SCREEN in the dark scheme, and 'Reconnect your wallet' with a hint in both", async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const wallet = newWallet();
      const page = await pageWith(suite.browser(), suite.app(scheme), [[wallet, FIRST]]);
      await loginWithWallet(page, 'Test Wallet');
      if (scheme === 'dark') {
        await page.getByRole('button', { name: 'Link wallet', exact: true }).click();
        await visible(dialog(page).getByRole('heading', { name: 'Connect your wallet' }));
        await visible(dialog(page).getByRole('button', { name: /Test Wallet/ }));
        await checkScreen(page, 'link-wallet-dark');
        await dialog(page).getByRole('button', { name: 'Close' }).click();
        await dialog(page).waitFor({ state: 'detached', timeout: 20_000 });
      }
      // linkWallet({ suggestedAddress }): the linking hint names the wallet to reconnect.
      const address = wallet.account.address;
      await page.getByRole('button', { name: `Reconnect ${address.slice(0, 6)}…` }).click();
      await visible(dialog(page).getByRole('heading', { name: 'Reconnect your wallet' }));
      await visible(dialog(page).getByText(`Connect the wallet ${address} to continue.`));
      await visible(dialog(page).getByRole('button', { name: /Test Wallet/ }));
      await checkScreen(page, `link-wallet-reconnect-${scheme}`);
      await page.close();
    }
  });

  it("refuses a wallet already linked to another user, offering 'Use a different wallet'", async () => {
    const shared = privateKeyToAccount(generatePrivateKey());
    for (const scheme of ['light', 'dark'] as const) {
      const app = suite.app(scheme);
      // The wallet's owner logs in with it (a new user whose wallet it is).
      const owner = await pageWith(suite.browser(), app, [[newWallet(shared), FIRST]]);
      await loginWithWallet(owner, 'Test Wallet');
      await owner.close();

      // Another user, logged in by email, tries to link the same wallet.
      const other = newWallet(shared);
      const page = await pageWith(suite.browser(), app, [[other, FIRST]]);
      const email = uniqueEmail(`link-taken-${scheme}`);
      await loginByEmail(page, email);
      await page.getByRole('button', { name: 'Link wallet', exact: true }).click();
      await dialog(page)
        .getByRole('button', { name: /Test Wallet/ })
        .click();
      // The step-up comes first (the server checks it before the signature); then the refusal.
      await stepUpWithCode(page, email);
      await visible(
        dialog(page).getByRole('heading', { name: 'This account has already been linked to another user.' }),
      );
      expect(await dialog(page).getByRole('button', { name: 'Retry' }).count()).toBe(0);
      await checkScreen(page, `link-wallet-linked-to-another-user-${scheme}`);
      await dialog(page).getByRole('button', { name: 'Use a different wallet' }).click();
      await visible(dialog(page).getByRole('heading', { name: 'Connect your wallet' }));
      await dialog(page).getByRole('button', { name: 'Close' }).click();
      await dialog(page).waitFor({ state: 'detached', timeout: 20_000 });
      // Nothing was linked: the email user has no wallet.
      expect(await linkedWallets(page)).toEqual([]);
      await page.close();
    }
  });
});
