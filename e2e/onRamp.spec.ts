import type { Browser, Locator, Page } from 'playwright-core';
import { parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoApp, launchBrowser, saveScreenshot } from './support.js';
import { devChain as chain, logInWithWallet, RECIPIENT, recipientGainInBlockOf } from './walletSupport.js';
import { approveInFrame, checkScreen, dialog, newUserPage, visible, walletFrame } from './widgetSteps.js';

// Issue #28 end to end: the fiat on-ramp of the demo app (`npm start`'s, whose on-ramp ensure-demo turns on with
// the dev IdP's MoonPay stand-in keys; the demo host runs `fiatOnRamp={{ useSandbox: true }}`). The stand-in
// really pays on the stack's anvil node; every effect is read on the chain from here, never through the widget.
// Covered beside the code, not here: a bad signature refused by the stand-in (apps/dev-idp/src/moonPay.integration
// .test.ts) and the sign route refusing an address that is not the caller's (packages/server/src/modules/onRamp/
// onRampRoutes.integration.test.ts).

/** The on-ramp's own dialog (the prompt, then the status screen), over the send screen or alone. */
const fundingDialog = (page: Page): Locator => page.locator('dialog[data-latch-on-ramp]');

/** The status screen's state (data-latch-on-ramp-status). */
const statusOf = (page: Page) => fundingDialog(page).locator('[data-latch-on-ramp-status]');

/** Clicks the prompt's 'Continue to MoonPay' and returns the stand-in's tab it opens (a new page of the context). */
async function continueToProvider(page: Page): Promise<Page> {
  const button = fundingDialog(page).getByRole('button', { name: 'Continue to MoonPay' });
  await expect.poll(() => button.isEnabled(), { timeout: 30_000 }).toBe(true);
  const [tab] = await Promise.all([page.context().waitForEvent('page'), button.click()]);
  await tab.waitForLoadState();
  return tab;
}

/** Opens the funding from the demo's 'Fund wallet' (fundWallet() with no options) and waits for the prompt. */
async function openFunding(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Fund wallet' }).click();
  await visible(fundingDialog(page).getByRole('heading', { name: 'Fund account' }), 30_000);
}

describe('fiat on-ramp', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("'Add Funds' on a short send buys ETH at the stand-in, the wallet is paid on anvil, then the send goes through", async () => {
    const page = await newUserPage(browser);
    const address = await logInWithWallet(page, demoApp(), 'onramp');
    expect(await chain().getBalance({ address })).toBe(0n);

    await page.getByRole('button', { name: 'Send 0.01 ETH' }).click();
    await visible(dialog(page).getByText('Wallet has insufficient funds for this transaction.'), 30_000);
    const addFunds = dialog(page).getByRole('button', { name: 'Add Funds' });
    await visible(addFunds);
    await addFunds.click();

    // FIAT_ON_RAMP_PROMPT_SCREEN: the wallet, ETH, and what the send lacks (0.01 ETH and its fee, rounded up).
    await visible(fundingDialog(page).getByRole('heading', { name: 'Fund account' }), 30_000);
    const prompt = fundingDialog(page);
    await visible(
      prompt.locator('[data-latch-detail=wallet]').getByText(`${address.slice(0, 6)}…${address.slice(-4)}`),
    );
    await visible(prompt.locator('[data-latch-detail=asset]').getByText('ETH'));
    const amount = (await prompt.locator('[data-latch-detail=amount] dd').textContent()) ?? '';
    expect(parseEther(amount)).toBeGreaterThan(parseEther('0.01'));
    expect(parseEther(amount)).toBeLessThan(parseEther('0.011'));
    await checkScreen(page, 'on-ramp-prompt');

    const tab = await continueToProvider(page);
    // The stand-in's page: it says it is not MoonPay, and shows this wallet and amount.
    await visible(tab.getByText("This is Latch's local stand-in for MoonPay, not the real provider."));
    await visible(tab.getByText(address));
    await visible(tab.getByText(`${amount} ETH`));
    await saveScreenshot(tab, 'on-ramp-stand-in');

    // Back on the host: the status screen, 'In Progress' while the provider has no finished purchase.
    await visible(fundingDialog(page).getByText('In Progress'), 30_000);
    expect(await statusOf(page).getAttribute('data-latch-on-ramp-status')).toBe('pending');
    await saveScreenshot(page, 'on-ramp-status-in-progress');

    await tab.getByRole('button', { name: 'Complete purchase' }).click();
    await visible(tab.getByText('Purchase completed:'), 30_000);
    await saveScreenshot(tab, 'on-ramp-stand-in-completed');
    await tab.close();

    await visible(fundingDialog(page).locator('[data-latch-on-ramp-status=completed]'), 30_000);
    await visible(fundingDialog(page).getByText('Funds added'));
    await checkScreen(page, 'on-ramp-status-completed');
    // Exactly the purchased amount reached the wallet, on the chain itself.
    expect(await chain().getBalance({ address })).toBe(parseEther(amount));

    // Done: back to the send screen, which prepares the send again with the new balance and offers the review.
    await fundingDialog(page).getByRole('button', { name: 'Done' }).click();
    await fundingDialog(page).waitFor({ state: 'detached' });
    await visible(walletFrame(page).getByRole('heading', { name: 'Send ETH' }), 30_000);
    await approveInFrame(page, 'Submit');
    await visible(dialog(page).getByRole('heading', { name: 'Transaction complete!' }), 60_000);
    await dialog(page).getByRole('button', { name: 'All Done' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    const hash = (await page.getByTestId('send-transaction-hash').textContent()) as `0x${string}`;
    const receipt = await chain().getTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(receipt.from).toBe(address.toLowerCase());
    // The transfer itself carried 0.01 ETH to RECIPIENT, and RECIPIENT's balance moved by what its block sent it.
    const transfer = await chain().getTransaction({ hash });
    expect(transfer.to).toBe(RECIPIENT.toLowerCase());
    expect(transfer.value).toBe(parseEther('0.01'));
    const { gained, sent } = await recipientGainInBlockOf(hash);
    expect(gained).toBe(sent);
    expect(await chain().getBalance({ address })).toBe(
      parseEther(amount) - parseEther('0.01') - receipt.gasUsed * receipt.effectiveGasPrice,
    );
    await page.close();
  });

  it("a failed purchase shows SPEC's 'Something went wrong!' with support and debit-card advice; nothing is paid", async () => {
    const page = await newUserPage(browser);
    const address = await logInWithWallet(page, demoApp(), 'onramp-fail');
    await openFunding(page);
    const tab = await continueToProvider(page);
    await tab.getByRole('button', { name: 'Fail' }).click();
    await visible(tab.getByText('Purchase failed:'), 30_000);
    await tab.close();

    await visible(fundingDialog(page).locator('[data-latch-on-ramp-status=failed]'), 30_000);
    const alert = fundingDialog(page).getByRole('alert');
    await visible(fundingDialog(page).getByText('Something went wrong!'));
    expect(await alert.textContent()).toMatch(/Contact support/);
    expect(await alert.textContent()).toMatch(/Debit cards typically work better\./);
    await checkScreen(page, 'on-ramp-status-failed');
    expect(await chain().getBalance({ address })).toBe(0n);

    // Closing tells fundWallet's caller how it ended.
    await fundingDialog(page).getByRole('button', { name: 'Close' }).click();
    await fundingDialog(page).waitFor({ state: 'detached' });
    await visible(page.getByText('Funding: failed'));
    await page.close();
  });

  it("'Pending, then complete' stays 'In Progress' while pending, then pays; fundWallet's caller hears completed", async () => {
    const page = await newUserPage(browser);
    const address = await logInWithWallet(page, demoApp(), 'onramp-pending');
    await openFunding(page);
    const tab = await continueToProvider(page);
    // fundWallet() names no amount: the provider's (here the stand-in's) default, as its page says.
    const amount = ((await tab.locator('dt:text-is("Amount") + dd').textContent()) ?? '').split(' ')[0] ?? '';
    expect(Number(amount)).toBeGreaterThan(0);
    await tab.getByRole('button', { name: 'Pending, then complete' }).click();
    await visible(tab.getByText('The purchase is pending'), 30_000);
    await tab.close();

    await visible(fundingDialog(page).locator('[data-latch-on-ramp-status=pending]'), 30_000);
    await visible(fundingDialog(page).getByText('In Progress'));
    await visible(fundingDialog(page).locator('[data-latch-on-ramp-status=completed]'), 60_000);
    expect(await chain().getBalance({ address })).toBe(parseEther(amount));
    await fundingDialog(page).getByRole('button', { name: 'Done' }).click();
    await fundingDialog(page).waitFor({ state: 'detached' });
    await visible(page.getByText('Funding: completed'));
    await page.close();
  });

  it('three failed status calls in a row are serviceFailure, with SPEC\'s "Try again?" text', async () => {
    const page = await newUserPage(browser);
    await logInWithWallet(page, demoApp(), 'onramp-down');
    // The provider's status endpoint (the stand-in's, a third party's) is down: every browser call to it gets a 500.
    let failedCalls = 0;
    await page.route('**/api/v1/transactions/ext/**', (route) => {
      failedCalls += 1;
      return route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' });
    });
    await openFunding(page);
    const tab = await continueToProvider(page);
    await tab.close();

    await visible(fundingDialog(page).locator('[data-latch-on-ramp-status=serviceFailure]'), 60_000);
    // SPEC §8's sentence is the screen's alert (announced), not text beside an empty one.
    await visible(
      fundingDialog(page)
        .getByRole('alert')
        .getByText('MoonPay ran into an error when processing your transaction. Try again?'),
    );
    expect(failedCalls).toBe(3);
    await checkScreen(page, 'on-ramp-status-service-failure');
    // 'Try again' starts over at the prompt with a fresh signed URL.
    await fundingDialog(page).getByRole('button', { name: 'Try again' }).click();
    await visible(fundingDialog(page).getByRole('button', { name: 'Continue to MoonPay' }));
    await page.close();
  });
});
