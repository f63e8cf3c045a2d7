import { createFakeEip1193Provider, installTestWallet } from '@latch/core/testing';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { sawInDialog, watchDialogFor } from './dialogWatch.js';
import { browserWithSchemeApps, openDemo, TEST_WALLET_INFO, uniqueEmail } from './support.js';
import {
  checkScreenInBothSchemes,
  dialog,
  expectSuccessAndClose,
  loginByEmail,
  newUserPage,
  visible,
} from './widgetSteps.js';

// Issue 5: connect-only mode (connectWallet) connects a wallet without a signature or a session.
describe('connect-only mode', () => {
  const suite = browserWithSchemeApps('Connect only', { wallet_auth: true, email_auth: true });
  it('connects a wallet without creating a session (light)', async () => {
    const scheme = 'light';
    const account = privateKeyToAccount(generatePrivateKey());
    const wallet = createFakeEip1193Provider(account);
    const page = await newUserPage(suite.browser());
    await installTestWallet(page, wallet, TEST_WALLET_INFO);
    await openDemo(page, suite.app(scheme));

    await page.getByRole('button', { name: 'Connect wallet', exact: true }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Connect a wallet' }));
    await visible(dialog(page).getByText('Connect a wallet to this app without logging in.'));
    await visible(dialog(page).getByRole('button', { name: /Test Wallet/ }));
    await checkScreenInBothSchemes(page, 'connect-only-landing');
    // AWAITING_CONNECT_ONLY_CONNECTION: 'Connected' with the address, then the modal closes by itself (after
    // 1400 ms): watched from before the click.
    const connected = [{ heading: 'Connected' }, new RegExp(account.address, 'i')];
    await watchDialogFor(page, ...connected);
    await dialog(page)
      .getByRole('button', { name: /Test Wallet/ })
      .click();
    await sawInDialog(page, ...connected);
    await checkScreenInBothSchemes(page, 'awaiting-connect-only-connection');
    await dialog(page).waitFor({ state: 'detached', timeout: 20_000 });

    // useWallets() lists it; nobody is logged in; the wallet was never asked to sign.
    await visible(page.getByTestId('connected-wallet'));
    expect((await page.getByTestId('connected-wallet').locator('code').textContent())?.toLowerCase()).toBe(
      account.address.toLowerCase(),
    );
    expect(await page.getByTestId('connected-wallet').textContent()).toContain('eip155:1');
    expect(await page.getByTestId('user').count()).toBe(0);
    await visible(page.getByText('You are not logged in.'));
    expect(wallet.calls.some((call) => call.method === 'personal_sign')).toBe(false);
    // No session was stored: a reload still shows the visitor logged out.
    await page.reload();
    await visible(page.getByText('You are not logged in.'));
    await page.close();
  });

  it('a logged-in user connects a wallet on CONNECT_ONLY_AUTHENTICATED_SCREEN without linking it (dark)', async () => {
    const scheme = 'dark';
    const account = privateKeyToAccount(generatePrivateKey());
    const wallet = createFakeEip1193Provider(account);
    const page = await newUserPage(suite.browser());
    await installTestWallet(page, wallet, TEST_WALLET_INFO);
    await openDemo(page, suite.app(scheme));
    await loginByEmail(page, uniqueEmail(`connect-only-auth-${scheme}`));

    await page.getByRole('button', { name: 'Connect wallet', exact: true }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Connect a wallet' }));
    await visible(dialog(page).getByText('You are logged in. Connecting a wallet here does not link it'));
    await visible(dialog(page).getByRole('button', { name: /Test Wallet/ }));
    await checkScreenInBothSchemes(page, 'connect-only-authenticated');
    await watchDialogFor(page, { heading: 'Connected' });
    await dialog(page)
      .getByRole('button', { name: /Test Wallet/ })
      .click();
    await sawInDialog(page, { heading: 'Connected' });
    await dialog(page).waitFor({ state: 'detached', timeout: 20_000 });

    await visible(page.getByTestId('connected-wallet'));
    // Still the same email user, with no wallet linked.
    expect(await page.getByTestId('linked-wallet').count()).toBe(0);
    expect(await page.getByTestId('user-wallet').textContent()).not.toBe(account.address);
    // switchChain asks the wallet (wallet_switchEthereumChain) and useWallets() shows the new chain.
    await page.getByTestId('connected-wallet').getByRole('button', { name: 'Switch to Base' }).click();
    await visible(page.getByTestId('connected-wallet').getByText('eip155:8453'));
    expect(wallet.calls.some((call) => call.method === 'wallet_switchEthereumChain')).toBe(true);
    // getEthereumProvider() is the wallet's own EIP-1193 provider: it answers on the new chain (Base, 0x2105).
    await page.getByTestId('connected-wallet').getByRole('button', { name: 'Ask the provider' }).click();
    await visible(page.getByTestId('wallet-status').getByText('Provider chain: 0x2105'));
    // Disconnect removes it from useWallets().
    await page.getByTestId('connected-wallet').getByRole('button', { name: 'Disconnect' }).click();
    await page.getByTestId('connected-wallet').waitFor({ state: 'detached' });
    await page.close();
  });

  it('connectOrCreateWallet opens CONNECT_OR_CREATE, whose login methods log a wallet in; refused once a wallet is connected (light)', async () => {
    const scheme = 'light';
    const account = privateKeyToAccount(generatePrivateKey());
    const wallet = createFakeEip1193Provider(account);
    const page = await newUserPage(suite.browser());
    await installTestWallet(page, wallet, TEST_WALLET_INFO);
    await openDemo(page, suite.app(scheme));

    // SPEC §2: CONNECT_OR_CREATE is a login-method list, as LANDING: the email input and the wallets.
    await page.getByRole('button', { name: 'Connect or create wallet' }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Log in or sign up' }));
    await visible(dialog(page).getByRole('textbox', { name: /email/i }));
    const row = dialog(page).getByRole('button', { name: /Test Wallet/ });
    const moreWallets = dialog(page).getByRole('button', { name: 'Continue with a wallet' });
    await visible(row.or(moreWallets));
    await checkScreenInBothSchemes(page, 'connect-or-create');
    await expectSuccessAndClose(page, async () => {
      if (!(await row.isVisible())) await moreWallets.click();
      await row.click();
    });
    // The wallet logged the visitor in (a session, unlike connect-only): signed once.
    await visible(page.getByTestId('user-wallet'));
    expect((await page.getByTestId('user-wallet').textContent())?.toLowerCase()).toBe(account.address.toLowerCase());
    expect(wallet.calls.filter((call) => call.method === 'personal_sign')).toHaveLength(1);
    await page.close();

    // SPEC §5: only for a logged-out visitor with no connected wallet — after a connect-only connection it is refused.
    const other = await newUserPage(suite.browser());
    await installTestWallet(
      other,
      createFakeEip1193Provider(privateKeyToAccount(generatePrivateKey())),
      TEST_WALLET_INFO,
    );
    await openDemo(other, suite.app(scheme));
    await other.getByRole('button', { name: 'Connect wallet', exact: true }).click();
    await dialog(other)
      .getByRole('button', { name: /Test Wallet/ })
      .click();
    await dialog(other).waitFor({ state: 'detached', timeout: 20_000 });
    await visible(other.getByTestId('connected-wallet'));
    await other.getByRole('button', { name: 'Connect or create wallet' }).click();
    await visible(
      other
        .getByTestId('wallet-status')
        .getByText(
          'Connect or create: connectOrCreateWallet requires an unauthenticated user with no connected wallets.',
        ),
    );
    expect(await dialog(other).count()).toBe(0);
    await other.close();
  });
});
