import type { Browser } from 'playwright-core';
import { createWalletClient, type Hex, http } from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, saveScreenshot } from './support.js';
import { devChain as chain, logInWithWallet, walletApp } from './walletSupport.js';
import { approveInFrame, dialog, newUserPage, visible, walletFrame } from './widgetSteps.js';

// A contract call that reverts on chain, end to end: a contract deployed on the stack's anvil node, a call
// to it through the demo's embedded provider, the send screen's error view with the hash, and the caller's
// rejection carrying the same hash (issue #12: "a reverting contract call shows the reverted view with the hash").

// Init code deploying a contract whose every call reverts (runtime: PUSH1 0 PUSH1 0 REVERT).
const REVERTING_CONTRACT = '0x6460006000fd6000526005601bf3';

/** What the page's `eth_sendTransaction` settled with, as plain data (an Error does not cross `evaluate`). */
type Outcome = { result: unknown } | { error: { name?: string; code?: unknown; message?: string; hash?: unknown } };

declare global {
  interface Window {
    __revertedSend?: Promise<Outcome>;
  }
}

/** The demo's `window.latchEmbeddedProvider` (apps/demo/src/EmbeddedWalletPanel.tsx). */
type PageProvider = { request(args: { method: string; params?: unknown }): Promise<unknown> } | undefined;

/** Deploys the reverting contract from anvil's first (unlocked) account; returns its address. */
async function deployRevertingContract(): Promise<Hex> {
  const anvil = createWalletClient({ chain: foundry, transport: http(inject('chainUrl')) });
  const [deployer] = await anvil.getAddresses();
  const hash = await anvil.sendTransaction({ account: deployer as Hex, data: REVERTING_CONTRACT });
  const { contractAddress, status } = await chain().waitForTransactionReceipt({ hash });
  expect(status).toBe('success');
  if (!contractAddress) throw new Error('The deployment has no contract address');
  expect(await chain().getCode({ address: contractAddress })).toBe('0x60006000fd');
  return contractAddress;
}

describe('send transaction screen: a reverting contract call', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('is sent and mined reverted: the error view shows code, message, hash and Retry; the caller gets the hash', async () => {
    const contract = await deployRevertingContract();
    const page = await newUserPage(browser);
    const address = await logInWithWallet(page, await walletApp('Revert Co'), 'revert');
    await page.getByRole('button', { name: 'Get test ETH' }).click();
    await visible(page.getByTestId('dev-funding-balance').getByText('1 ETH', { exact: true }), 30_000);

    // An explicit gas limit skips the estimate, which would refuse the call before signing.
    await page.evaluate((to) => {
      const provider = window.latchEmbeddedProvider as PageProvider;
      if (!provider) throw new Error('The demo has no embedded provider');
      window.__revertedSend = provider
        .request({ method: 'eth_sendTransaction', params: [{ to, data: '0x01', gas: '0x186a0' }] })
        .then(
          (result) => ({ result }),
          (e: { name?: string; code?: unknown; message?: string; hash?: unknown }) => ({
            error: { name: e.name, code: e.code, message: e.message, hash: e.hash },
          }),
        );
    }, contract);

    // A contract call: 'Review transaction', not 'Send ETH'.
    // The review is the wallet frame's own (issue #24): it names what the transaction does from its data.
    const frame = walletFrame(page);
    await visible(frame.getByRole('heading', { name: 'Review transaction' }), 30_000);
    expect(await frame.getByRole('heading', { name: 'Send ETH' }).count()).toBe(0);
    await visible(frame.getByText('Contract call', { exact: true }));
    await approveInFrame(page, 'Submit');

    await visible(dialog(page).getByRole('heading', { name: 'Transaction failed' }), 60_000);
    await visible(dialog(page).getByText('transaction_reverted', { exact: true }));
    await visible(dialog(page).getByText('The transaction was reverted.', { exact: true }));
    await visible(dialog(page).getByText('Transaction hash', { exact: true }));
    await visible(dialog(page).getByRole('button', { name: 'Retry transaction' }));
    // The row shows the short hash; its title holds the whole one.
    const hashRow = dialog(page).locator('[data-latch-detail="hash"] [title]');
    const hash = (await hashRow.getAttribute('title')) as Hex;
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await hashRow.textContent()).toBe(`${hash.slice(0, 6)}…${hash.slice(-4)}`);
    await saveScreenshot(page, 'send-transaction-reverted');

    // On the chain: the wallet's call to the contract, mined and reverted.
    const receipt = await chain().getTransactionReceipt({ hash });
    expect(receipt.status).toBe('reverted');
    expect(receipt.from).toBe(address.toLowerCase());
    expect(receipt.to).toBe(contract.toLowerCase());
    expect(await chain().getTransactionCount({ address })).toBe(1);

    // Closing the error view: the caller hears the reverted error with that hash.
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    const outcome = await page.evaluate(() => window.__revertedSend as Promise<Outcome>);
    expect(outcome).toEqual({
      error: { name: 'TransactionError', code: 'transaction_reverted', message: 'The transaction was reverted.', hash },
    });
    await page.close();
  });
});
