import type { Browser } from 'playwright-core';
import { createPublicClient, http, parseEther } from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp, launchBrowser, openDemo, saveScreenshot, type TestApp, uniqueEmail } from './support.js';
import { dialog, enterCodeFor, newUserPage, openLogin, seenCodes, submitEmail, visible } from './widgetSteps.js';

// The dev-mode 'Get test ETH' of the demo (apps/demo/src/DevFundingPanel.tsx) against the stack's anvil.
describe('dev funding', () => {
  let browser: Browser;
  let app: TestApp;
  const chain = () => createPublicClient({ chain: foundry, transport: http(inject('chainUrl')) });
  beforeAll(async () => {
    browser = await launchBrowser();
    app = await createApp({
      name: 'Funding Co',
      config: { email_auth: true, embedded_wallet_config: { create_on_login: 'users-without-wallets' } },
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("funds the logged-in user's embedded wallet from anvil's prefunded account", async () => {
    const email = uniqueEmail('funding');
    const page = await newUserPage(browser);
    await openDemo(page, app);
    await openLogin(page);
    const seen = await seenCodes(email);
    await submitEmail(page, email);
    await enterCodeFor(page, email, seen);
    await dialog(page).waitFor({ state: 'detached', timeout: 30_000 });
    await visible(page.getByTestId('embedded-wallet-ready').getByText('ready'), 30_000);
    const address = (await page.getByTestId('embedded-wallet-address').textContent()) as `0x${string}`;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await chain().getBalance({ address })).toBe(0n);

    await page.getByRole('button', { name: 'Get test ETH' }).click();
    await visible(page.getByTestId('dev-funding-balance').getByText('1 ETH', { exact: true }), 30_000);
    expect(await chain().getBalance({ address })).toBe(parseEther('1'));
    await saveScreenshot(page, 'dev-funding');

    // Again: the shown balance is the chain's, not a counter of clicks in the page.
    await page.getByRole('button', { name: 'Get test ETH' }).click();
    await visible(page.getByTestId('dev-funding-balance').getByText('2 ETH', { exact: true }), 30_000);
    expect(await chain().getBalance({ address })).toBe(parseEther('2'));
    expect(await page.getByTestId('dev-funding-error').count()).toBe(0);
    await page.close();
  });
});
