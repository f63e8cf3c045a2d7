import { createFakeEip1193Provider, installTestWallet } from '@latch/core/testing';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { browserWithSchemeApps, stack, type TestApp } from './support.js';
import {
  checkScreenInBothSchemes,
  dialog,
  expectSuccessAndClose,
  newUserPage,
  openLogin,
  phonePage,
  visible,
} from './widgetSteps.js';

/** The demo page for `app`, with extra query parameters (the wallet deep link). */
function demoUrl(app: TestApp, extra: Record<string, string> = {}): string {
  const { apiUrl, demoUrl } = stack();
  return `${demoUrl}/?${new URLSearchParams({ appId: app.appId, clientId: app.clientId, apiUrl, ...extra })}`;
}

const PHANTOM_DEEP_LINK = { latch_connector: 'injected', latch_wallet_client: 'phantom' };

// Issue 5: deep links and install help for wallets not in the page (SPEC §2 PHANTOM screens, §4 deep-link wallet).
describe('wallet install help and in-app browser interstitial', () => {
  const suite = browserWithSchemeApps('Wallet help', { wallet_auth: true });
  it('light: desktop without Phantom — the deep link shows INSTALL_PHANTOM_SCREEN with the install guide', async () => {
    const scheme = 'light';
    const page = await newUserPage(suite.browser());
    await page.goto(demoUrl(suite.app(scheme), PHANTOM_DEEP_LINK));
    // Detection waits up to 3000 ms for the wallet, then the install help opens.
    await visible(dialog(page).getByRole('heading', { name: 'Get Phantom' }));
    const steps = await dialog(page).getByRole('listitem').allTextContents();
    expect(steps).toEqual([
      'Install the Phantom extension',
      'Set up your first wallet',
      'Store your recovery phrase in a safe place',
      'Reload the page to use your wallet',
    ]);
    const learnMore = dialog(page).getByRole('link', { name: 'Learn more' });
    expect(await learnMore.getAttribute('href')).toBe('https://phantom.com/download');
    // The deep-link parameters were read and stripped from the address.
    expect(new URL(page.url()).searchParams.has('latch_wallet_client')).toBe(false);
    await checkScreenInBothSchemes(page, 'install-phantom-1024');
    await page.close();
  });

  it("dark: mobile without Phantom — PHANTOM_INTERSTITIAL_SCREEN opens the page in Phantom's in-app browser", async () => {
    const scheme = 'dark';
    const page = await phonePage(suite.browser());
    await page.goto(demoUrl(suite.app(scheme), PHANTOM_DEEP_LINK));
    await visible(dialog(page).getByRole('heading', { name: 'Continue in Phantom' }));
    const open = dialog(page).getByRole('link', { name: 'Open Phantom' });
    const href = (await open.getAttribute('href')) ?? '';
    expect(href.startsWith('https://phantom.app/ul/browse/')).toBe(true);
    // It comes back to this page with the deep-link parameters, so the page connects Phantom there.
    const back = new URL(decodeURIComponent(href.slice('https://phantom.app/ul/browse/'.length).split('?ref=')[0]!));
    expect(back.origin).toBe(new URL(stack().demoUrl).origin);
    expect(back.searchParams.get('latch_wallet_client')).toBe('phantom');
    expect(back.searchParams.get('latch_connector')).toBe('injected');
    expect(back.searchParams.get('appId')).toBe(suite.app(scheme).appId);
    await checkScreenInBothSchemes(page, 'phantom-interstitial-390');
    await page.close();
  });

  it('desktop: choosing a listed wallet that is not in the page shows its install help, and Back returns', async () => {
    const page = await newUserPage(suite.browser());
    await page.goto(demoUrl(suite.app('light')));
    await openLogin(page);
    await dialog(page).getByRole('button', { name: 'Continue with a wallet' }).click();
    await dialog(page)
      .getByRole('button', { name: /MetaMask/ })
      .click();
    await visible(dialog(page).getByRole('heading', { name: 'Get MetaMask' }));
    expect(await dialog(page).getByRole('listitem').first().textContent()).toBe('Install the MetaMask extension');
    await dialog(page).getByRole('button', { name: 'Back' }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Log in or sign up' }));
    await page.close();
  });

  it('mobile: choosing a listed wallet that is not in the page shows the interstitial for it', async () => {
    const page = await phonePage(suite.browser());
    await page.goto(demoUrl(suite.app('light')));
    await openLogin(page);
    await dialog(page).getByRole('button', { name: 'Continue with a wallet' }).click();
    await dialog(page)
      .getByRole('button', { name: /MetaMask/ })
      .click();
    await visible(dialog(page).getByRole('heading', { name: 'Continue in MetaMask' }));
    const href = await dialog(page).getByRole('link', { name: 'Open MetaMask' }).getAttribute('href');
    expect(href?.startsWith('https://metamask.app.link/dapp/')).toBe(true);
    expect(href).toContain('latch_wallet_client=metamask');
    await page.close();
  });

  it('desktop with Phantom in the page: the deep link connects it and logs in, signing automatically', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const wallet = createFakeEip1193Provider(account);
    const page = await newUserPage(suite.browser());
    // A Phantom stand-in announcing itself over EIP-6963 under Phantom's rdns, signing with a real key.
    await installTestWallet(page, wallet, {
      uuid: '0b7c6d1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e',
      name: 'Phantom',
      icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"%3E%3Crect width="24" height="24" rx="6" fill="%23ab9ff2"/%3E%3C/svg%3E',
      rdns: 'app.phantom',
    });
    await expectSuccessAndClose(page, () => page.goto(demoUrl(suite.app('light'), PHANTOM_DEEP_LINK)));
    await visible(page.getByTestId('user-wallet'));
    expect((await page.getByTestId('user-wallet').textContent())?.toLowerCase()).toBe(account.address.toLowerCase());
    expect(wallet.calls.filter((call) => call.method === 'personal_sign')).toHaveLength(1);
    await page.close();
  });
});
