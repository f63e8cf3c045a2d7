import type { Browser, Page } from 'playwright-core';
import { verifyMessage } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, latestCode, launchBrowser, stack, type TestApp, uniqueEmail } from './support.js';
import { approveInFrame, newUserPage, seenCodes, visible, walletFrame } from './widgetSteps.js';

// The message apps/demo/src/vanilla.ts signs.
const VANILLA_SIGN_MESSAGE = 'Hello from a page without React';

/** Opens apps/demo/vanilla.html (core alone, no React) for `app`; records every script URL it loads. */
async function openVanilla(page: Page, app: TestApp): Promise<string[]> {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  const { apiUrl, demoUrl } = stack();
  const query = new URLSearchParams({ appId: app.appId, clientId: app.clientId, apiUrl });
  await page.goto(`${demoUrl}/vanilla.html?${query}`);
  return scripts;
}

const text = async (page: Page, id: string) => ((await page.locator(`#${id}`).textContent()) ?? '').trim();

describe('a host page without React (createLatch from @latch/core alone)', () => {
  let browser: Browser;
  let app: TestApp;
  beforeAll(async () => {
    browser = await launchBrowser();
    app = await createApp({
      name: 'Vanilla Co',
      config: { email_auth: true, embedded_wallet_config: { create_on_login: 'users-without-wallets' } },
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('logs in by email, gets the embedded wallet and signs with it', async () => {
    const page = await newUserPage(browser);
    const scripts = await openVanilla(page, app);
    await visible(page.locator('#status').getByText('ready', { exact: true }));

    const email = uniqueEmail('vanilla');
    const seen = await seenCodes(email);
    await page.locator('#email').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await visible(page.locator('#screen').getByText('AWAITING_PASSWORDLESS_CODE'));
    await page.locator('#code').fill(await latestCode(email, seen));
    await page.getByRole('button', { name: 'Log in' }).click();

    // The runtime created the wallet after login (custody v2: this device registered first) and connected it.
    await visible(page.locator('#status').getByText('authenticated'));
    await visible(page.locator('#wallet-status').getByText('ready', { exact: true }), 30_000);
    const address = (await text(page, 'wallet-address')) as `0x${string}`;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);

    // The sign request is the core's state; the page renders it and approves.
    await page.getByRole('button', { name: 'Sign message' }).click();
    await visible(page.locator('#sign-message').getByText(VANILLA_SIGN_MESSAGE));
    await page.getByRole('button', { name: 'Approve' }).click();
    // The page placed the wallet frame: its own confirmation shows the message, and its button signs.
    await visible(walletFrame(page).getByText(VANILLA_SIGN_MESSAGE));
    await approveInFrame(page);
    await visible(page.locator('#signature').getByText(/^0x[0-9a-f]+$/));
    const signature = (await text(page, 'signature')) as `0x${string}`;
    expect(await verifyMessage({ address, message: VANILLA_SIGN_MESSAGE, signature })).toBe(true);
    expect(await text(page, 'error')).toBe('');

    // No React reached the page: not the widget, not react-dom.
    expect(scripts.filter((url) => /react/i.test(url))).toEqual([]);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.close();
  });

  it('a rejected sign request rejects the provider call with 4001', async () => {
    const page = await newUserPage(browser);
    await openVanilla(page, app);
    await visible(page.locator('#status').getByText('ready', { exact: true }));
    const email = uniqueEmail('vanilla-reject');
    const seen = await seenCodes(email);
    await page.locator('#email').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await visible(page.locator('#screen').getByText('AWAITING_PASSWORDLESS_CODE'));
    await page.locator('#code').fill(await latestCode(email, seen));
    await page.getByRole('button', { name: 'Log in' }).click();
    await visible(page.locator('#wallet-status').getByText('ready', { exact: true }), 30_000);

    await page.getByRole('button', { name: 'Sign message' }).click();
    await page.getByRole('button', { name: 'Reject' }).click();
    await visible(page.locator('#error').getByText('The user rejected the request.'));
    expect(await text(page, 'signature')).toBe('');
    await page.close();
  });
});
