import type { Browser, Page } from 'playwright-core';
import { parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot } from './support.js';
import { devChain as chain, logInWithWallet, RECIPIENT, recipientGainInBlockOf, walletApp } from './walletSupport.js';
import { approveInFrame, dialog, newUserPage, visible, walletFrame } from './widgetSteps.js';

// The send screen end to end: the demo's 'Send 0.01 ETH' (apps/demo/src/SendTransactionPanel.tsx, through
// useSendTransaction and EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN) from a fresh embedded wallet on the
// stack's anvil node; every effect is checked on the chain itself.

describe('send transaction screen', () => {
  let browser: Browser;
  const appFor = (scheme: 'light' | 'dark') => walletApp('Send Co', { color_scheme: scheme });

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const submit = (page: Page) => dialog(page).getByRole('button', { name: 'Submit' });

  it('refuses an underfunded send before signing; closing is a 4001 rejection and nothing is sent', async () => {
    const page = await newUserPage(browser);
    const address = await logInWithWallet(page, await appFor('light'), 'send');
    expect(await chain().getBalance({ address })).toBe(0n);

    await page.getByRole('button', { name: 'Send 0.01 ETH' }).click();
    await visible(dialog(page).getByText('Wallet has insufficient funds for this transaction.'), 30_000);
    expect(await dialog(page).getByRole('heading', { name: 'Send ETH' }).count()).toBe(1);
    expect(await submit(page).isDisabled()).toBe(true);
    expect(await dialog(page).getByText('Add Funds').count()).toBe(0);
    await saveScreenshot(page, 'send-transaction-insufficient-funds');

    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await visible(
      page
        .getByTestId('send-transaction-error')
        .getByText('transaction_failure (approval_rejected): The user rejected the request.'),
    );
    expect(await chain().getTransactionCount({ address })).toBe(0);
    await page.close();
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`sends 0.01 ETH through the screen (${scheme}): balance moves, receipt, nonce; a closed review sends nothing`, async () => {
      const page = await newUserPage(browser);
      const address = await logInWithWallet(page, await appFor(scheme), 'send');
      await page.getByRole('button', { name: 'Get test ETH' }).click();
      await visible(page.getByTestId('dev-funding-balance').getByText('1 ETH', { exact: true }), 30_000);

      await page.getByRole('button', { name: 'Send 0.01 ETH' }).click();
      // The review and its Submit are the wallet frame's own (issue #24), placed over the widget's dialog,
      // which adds the balance.
      const frame = walletFrame(page);
      await visible(frame.getByRole('heading', { name: 'Send ETH' }), 30_000);
      for (const label of ['From', 'To', 'Action', 'Network', 'Est. Fees', 'Total (including fees)'])
        await visible(frame.getByText(label, { exact: true }));
      await visible(frame.locator('[data-latch-detail=action]').getByText('Send ETH'));
      await visible(dialog(page).getByText('Balance', { exact: true }));
      await visible(dialog(page).getByText('1 ETH', { exact: true }));
      await saveScreenshot(page, `send-transaction-review-${scheme}`);
      await approveInFrame(page, 'Submit');

      await visible(dialog(page).getByRole('heading', { name: 'Transaction complete!' }), 60_000);
      await saveScreenshot(page, `send-transaction-receipt-${scheme}`);
      await dialog(page).getByRole('button', { name: 'All Done' }).click();
      await dialog(page).waitFor({ state: 'detached' });
      const hash = (await page.getByTestId('send-transaction-hash').textContent()) as `0x${string}`;
      expect(hash).toMatch(/^0x[0-9a-f]{64}$/);

      const receipt = await chain().getTransactionReceipt({ hash });
      expect(receipt.status).toBe('success');
      expect(receipt.from).toBe(address.toLowerCase());
      expect(receipt.to).toBe(RECIPIENT.toLowerCase());
      // The transfer itself carried 0.01 ETH to RECIPIENT, and RECIPIENT's balance moved by what its block sent it.
      const transfer = await chain().getTransaction({ hash });
      expect(transfer.to).toBe(RECIPIENT.toLowerCase());
      expect(transfer.value).toBe(parseEther('0.01'));
      const { gained, sent } = await recipientGainInBlockOf(hash);
      expect(gained).toBe(sent);
      expect(await chain().getBalance({ address })).toBe(
        parseEther('0.99') - receipt.gasUsed * receipt.effectiveGasPrice,
      );
      expect(await chain().getTransactionCount({ address })).toBe(1);

      // A second send, cancelled in the frame's review: the caller hears 4001 and the chain sees nothing.
      await page.getByRole('button', { name: 'Send 0.01 ETH' }).click();
      await visible(frame.getByRole('heading', { name: 'Send ETH' }), 30_000);
      await frame.getByRole('button', { name: 'Cancel' }).click();
      await dialog(page).waitFor({ state: 'detached' });
      await visible(
        page
          .getByTestId('send-transaction-error')
          .getByText('transaction_failure (approval_rejected): The user rejected the request.'),
      );
      expect(await chain().getTransactionCount({ address })).toBe(1);
      await page.close();
    });
  }
});
