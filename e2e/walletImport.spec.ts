import type { Browser, Page } from 'playwright-core';
import { verifyMessage } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harvestKeyMaterial } from './keyMaterialScanHarvest.js';
import {
  createApp,
  frameA11yViolations,
  latestCode,
  launchBrowser,
  notices,
  openDemo,
  saveScreenshot,
  seriousA11yViolations,
  type TestApp,
  uniqueEmail,
} from './support.js';
import { approveInFrame, dialog, loginByEmail, newUserPage, seenCodes, visible, walletFrame } from './widgetSteps.js';

declare global {
  interface Window {
    __heard?: string[];
  }
}

const DEMO_SIGN_MESSAGE = 'Hello from the Latch demo';

type Reply = { data?: unknown; error?: { type: string; message: string } };

/** A host-page script that hears every `message` event of the page. */
async function listenLikeAHostScript(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__heard = [];
    window.addEventListener('message', (event) => window.__heard?.push(JSON.stringify(event.data)), true);
  });
}

/** As a host-page script: posts `event` with `data` to the page's wallet frame and waits for its reply. */
function postToFrame(page: Page, event: string, data: Record<string, unknown>): Promise<Reply> {
  return page.evaluate(
    ({ event, data }) =>
      new Promise<Reply>((resolve) => {
        const frame = document.querySelector<HTMLIFrameElement>('iframe[src*="/embedded-wallets"]');
        const id = `host-script:${Math.random().toString(36).slice(2)}`;
        const listen = (message: MessageEvent) => {
          if ((message.data as { id?: unknown } | null)?.id !== id) return;
          window.removeEventListener('message', listen);
          resolve(message.data as Reply);
        };
        window.addEventListener('message', listen);
        frame?.contentWindow?.postMessage({ id, event, data }, '*');
      }),
    { event, data },
  );
}

const importForm = (page: Page) => walletFrame(page).locator('form[data-latch-import]');

/** Opens the import screen from the demo; the form is the wallet frame's, placed over the widget's dialog. */
async function openImport(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Import wallet' }).click();
  await visible(importForm(page).getByRole('heading', { name: 'Import wallet' }), 30_000);
  // The key field is the frame's: the host document has none.
  expect(await page.locator('#latch-import-key').count()).toBe(0);
}

describe('embedded wallet: import a private key (issue #32)', () => {
  let browser: Browser;
  let app: TestApp;
  beforeAll(async () => {
    browser = await launchBrowser();
    const config = { email_auth: true, embedded_wallet_config: { create_on_login: 'off' } };
    app = await createApp({ name: 'Import Co', config });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('imports a fresh key typed into the frame: same address, signs for it, exports the same key; the host never sees it', async () => {
    const page = await newUserPage(browser);
    await listenLikeAHostScript(page);
    await openDemo(page, app);
    const email = uniqueEmail('import');
    await loginByEmail(page, email);
    await visible(page.getByTestId('embedded-wallet-none'));

    // Cancel in the frame's form closes the screen; nothing is imported.
    await openImport(page);
    await importForm(page).getByRole('button', { name: 'Cancel' }).click();
    await dialog(page).waitFor({ state: 'detached', timeout: 10_000 });
    await visible(page.getByTestId('embedded-wallet-none'));

    // A host script cannot hand the frame a key: the hidden frame refuses, and nothing was imported.
    const planted = generatePrivateKey();
    const token = await page.evaluate((key) => localStorage.getItem(key) ?? '', `latch:${app.appId}:token`);
    const reply = await postToFrame(page, 'latch:wallet:import', { accessToken: token, privateKey: planted });
    expect(reply.error?.type).toBe('approval_not_visible');

    await openImport(page);
    await saveScreenshot(page, 'embedded-wallet-import');
    const field = importForm(page).locator('#latch-import-key');
    await field.fill('0x1234');
    await importForm(page).getByRole('button', { name: 'Import' }).click();
    await visible(importForm(page).getByText('This is not a valid private key', { exact: false }));
    await saveScreenshot(page, 'embedded-wallet-import-invalid');
    expect(await seriousA11yViolations(page)).toEqual([]);
    const frame = page.frames().find((f) => f.url().includes(`/apps/${app.appId}/embedded-wallets`));
    if (!frame) throw new Error('No wallet frame.');
    expect(await frameA11yViolations(frame)).toEqual([]);

    // A fresh key (anvil's are shared by other specs' chain sends), typed without 0x.
    const key = generatePrivateKey();
    const expected = privateKeyToAccount(key).address;
    await field.fill(key.slice(2));
    await importForm(page).getByRole('button', { name: 'Import' }).click();
    await dialog(page).waitFor({ state: 'detached', timeout: 30_000 });
    await visible(page.getByTestId('embedded-wallet-ready').getByText('ready'), 30_000);
    expect(await page.getByTestId('embedded-wallet-address').textContent()).toBe(expected);
    const told = async () => (await notices(email)).join('\n');
    await expect.poll(told, { timeout: 10_000 }).toContain('A private key was imported as your wallet');

    // It signs like any wallet: the frame's confirmation, then a signature that recovers to the key's address.
    await page.getByRole('button', { name: 'Sign message' }).click();
    await visible(walletFrame(page).getByText(DEMO_SIGN_MESSAGE));
    await approveInFrame(page);
    const signature = page.getByTestId('embedded-wallet-signature');
    await visible(signature, 30_000);
    const signed = (await signature.textContent()) as `0x${string}`;
    expect(await verifyMessage({ address: expected, message: DEMO_SIGN_MESSAGE, signature: signed })).toBe(true);
    await dialog(page).waitFor({ state: 'detached', timeout: 10_000 });

    // Export gives back the very key (the export page's code step).
    const seen = await seenCodes(email);
    await page.getByRole('button', { name: 'Export wallet' }).click();
    const exportPage = page.frameLocator('iframe[title="Your private key"]');
    await visible(exportPage.locator('#latch-export-code'), 30_000);
    await exportPage.locator('#latch-export-code').fill(await latestCode(email, seen));
    await exportPage.getByRole('button', { name: 'Verify' }).click();
    await visible(exportPage.locator('#latch-export-key'), 30_000);
    await exportPage.getByRole('button', { name: 'Reveal' }).click();
    expect(await exportPage.locator('#latch-export-key').inputValue()).toBe(key);
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await dialog(page).waitFor({ state: 'detached', timeout: 10_000 });

    // Nothing the host page heard or holds contains the typed key (with or without 0x), nor the planted one's use.
    const bare = key.slice(2).toLowerCase();
    const heard = await page.evaluate(() => window.__heard ?? []);
    expect(heard.some((m) => m.includes('latch:wallet:import'))).toBe(true);
    for (const message of heard) expect(message.toLowerCase()).not.toContain(bare);
    expect((await page.content()).toLowerCase()).not.toContain(bare);
    expect(await page.getByTestId('embedded-wallet-address').textContent()).not.toBe(
      privateKeyToAccount(planted).address,
    );

    // The shares and the key go to the teardown's database scan.
    expect(await harvestKeyMaterial(page, app, expected)).toBe(key);
    await page.close();
  });
});
