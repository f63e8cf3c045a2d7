import type { Browser, Page } from 'playwright-core';
import { createWalletClient, http, parseEther, verifyMessage } from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { latestCode, launchBrowser, stack, type TestApp, uniqueEmail } from './support.js';
import { devChain as chain, RECIPIENT, recipientGainInBlockOf, walletApp } from './walletSupport.js';
import { dialog, enterCodeFor, newUserPage, openLogin, seenCodes, submitEmail, visible } from './widgetSteps.js';

// The same embedded wallet through the libraries hosts use (apps/demo/libraries.html): a viem WalletClient
// over custom(provider) and wagmi with Latch's connector, each sending on the stack's anvil node; and a React
// host on @latch/react/wagmi (apps/demo/wagmi.html), whose wagmi follows Latch with no connect call.
const text = async (page: Page, id: string) => ((await page.locator(`#${id}`).textContent()) ?? '').trim();

describe('the embedded wallet through viem and wagmi', () => {
  let browser: Browser;
  let app: TestApp;
  beforeAll(async () => {
    browser = await launchBrowser();
    // The page sends with noPromptOnSignature: the app's server config must allow headless signing (issue #24).
    app = await walletApp('Libraries Co', {
      embedded_wallet_config: { create_on_login: 'users-without-wallets', headless_signing: true },
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends with viem custom(provider), then connects, signs and sends with wagmi', async () => {
    const page = await newUserPage(browser);
    const { apiUrl, demoUrl } = stack();
    const query = new URLSearchParams({ appId: app.appId, clientId: app.clientId, apiUrl });
    await page.goto(`${demoUrl}/libraries.html?${query}`);
    await visible(page.locator('#status').getByText('ready', { exact: true }));
    const email = uniqueEmail('libraries');
    const seen = await seenCodes(email);
    await page.locator('#email').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.locator('#code').fill(await latestCode(email, seen));
    await page.getByRole('button', { name: 'Log in' }).click();
    await visible(page.locator('#wallet-status').getByText('ready', { exact: true }), 30_000);
    const address = (await text(page, 'wallet-address')) as `0x${string}`;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);

    // Funded straight from anvil's unlocked first account.
    const anvil = createWalletClient({ chain: foundry, transport: http(inject('chainUrl')) });
    const [funder] = await anvil.getAddresses();
    const funding = await anvil.sendTransaction({
      account: funder as `0x${string}`,
      to: address,
      value: parseEther('1'),
    });
    await chain().waitForTransactionReceipt({ hash: funding });

    await page.getByRole('button', { name: 'viem: send 0.01 ETH' }).click();
    await visible(page.locator('#viem-hash').getByText(/^0x[0-9a-f]{64}$/), 30_000);
    const viemReceipt = await chain().getTransactionReceipt({ hash: (await text(page, 'viem-hash')) as `0x${string}` });
    expect(viemReceipt).toMatchObject({ status: 'success', from: address.toLowerCase() });
    expect(await chain().getTransactionCount({ address })).toBe(1);

    await page.getByRole('button', { name: 'wagmi: connect and send 0.01 ETH' }).click();
    await visible(page.locator('#wagmi-hash').getByText(/^0x[0-9a-f]{64}$/), 30_000);
    expect(await text(page, 'error')).toBe('');
    expect(await text(page, 'wagmi-account')).toBe(address);
    expect(await text(page, 'wagmi-chain')).toBe('31337');
    const signature = (await text(page, 'wagmi-signature')) as `0x${string}`;
    expect(await verifyMessage({ address, message: 'Hello from wagmi', signature })).toBe(true);
    const wagmiReceipt = await chain().getTransactionReceipt({
      hash: (await text(page, 'wagmi-hash')) as `0x${string}`,
    });
    expect(wagmiReceipt).toMatchObject({ status: 'success', from: address.toLowerCase() });
    expect(await chain().getTransactionCount({ address })).toBe(2);
    // Each carried 0.01 ETH to RECIPIENT, and RECIPIENT's balance moved by what its block sent it.
    for (const { transactionHash: hash } of [viemReceipt, wagmiReceipt]) {
      expect(await chain().getTransaction({ hash })).toMatchObject({
        to: RECIPIENT.toLowerCase(),
        value: parseEther('0.01'),
      });
      const { gained, sent } = await recipientGainInBlockOf(hash);
      expect(gained).toBe(sent);
    }
    await page.close();
  });

  it('@latch/react/wagmi: wagmi is connected after login and after a reload without a connect call, signs, and disconnects on logout', async () => {
    const page = await newUserPage(browser);
    const { apiUrl, demoUrl } = stack();
    const query = new URLSearchParams({ appId: app.appId, clientId: app.clientId, apiUrl });
    await page.goto(`${demoUrl}/wagmi.html?${query}`);
    await visible(page.locator('#latch-status').getByText('signed out', { exact: true }));
    await visible(page.locator('#wagmi-status').getByText('disconnected', { exact: true }));
    const email = uniqueEmail('wagmi-glue');
    await openLogin(page);
    const seen = await seenCodes(email);
    await submitEmail(page, email);
    await enterCodeFor(page, email, seen);
    await dialog(page).waitFor({ state: 'detached', timeout: 30_000 });

    // The page has no connect button: the glue connected wagmi to the embedded wallet.
    await visible(page.locator('#wagmi-status').getByText('connected', { exact: true }), 30_000);
    const address = (await text(page, 'latch-address')) as `0x${string}`;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await text(page, 'wagmi-address')).toBe(address);
    expect(await text(page, 'wagmi-chain')).toBe('31337');
    const signs = async () => {
      await page.getByRole('button', { name: 'wagmi: sign a message' }).click();
      await visible(page.locator('#wagmi-signature').getByText(/^0x[0-9a-f]{130}$/), 30_000);
      const signature = (await text(page, 'wagmi-signature')) as `0x${string}`;
      expect(await verifyMessage({ address, message: 'Hello from wagmi', signature })).toBe(true);
    };
    await signs();

    // A reload: Latch restores the session and wagmi is connected again, still without a connect call.
    await page.reload();
    await visible(page.locator('#latch-status').getByText('authenticated', { exact: true }), 30_000);
    await visible(page.locator('#wagmi-status').getByText('connected', { exact: true }), 30_000);
    expect(await text(page, 'wagmi-address')).toBe(address);
    await signs();
    expect(await text(page, 'error')).toBe('');

    await page.getByRole('button', { name: 'Log out' }).click();
    await visible(page.locator('#latch-status').getByText('signed out', { exact: true }));
    await visible(page.locator('#wagmi-status').getByText('disconnected', { exact: true }));
    expect(await text(page, 'wagmi-address')).toBe('');
    // Signed out, a reload leaves wagmi disconnected.
    await page.reload();
    await visible(page.locator('#latch-status').getByText('signed out', { exact: true }), 30_000);
    await visible(page.locator('#wagmi-status').getByText('disconnected', { exact: true }));
    await page.close();
  });
});
