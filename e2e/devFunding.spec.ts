import type { Browser } from 'playwright-core';
import { parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot, type TestApp } from './support.js';
import { devChain as chain, logInWithWallet, walletApp } from './walletSupport.js';
import { newUserPage, visible } from './widgetSteps.js';

// The dev-mode 'Get test ETH' of the demo (apps/demo/src/DevFundingPanel.tsx) against the stack's anvil.
describe('dev funding', () => {
  let browser: Browser;
  let app: TestApp;
  beforeAll(async () => {
    browser = await launchBrowser();
    app = await walletApp('Funding Co');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("funds the logged-in user's embedded wallet from anvil's prefunded account", async () => {
    const page = await newUserPage(browser);
    const address = await logInWithWallet(page, app, 'funding');
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
