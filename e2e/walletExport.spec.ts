import type { Browser, Page } from 'playwright-core';
import { createWalletClient, custom, type EIP1193RequestFn, verifyMessage, verifyTypedData } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TYPED_DATA } from '../apps/demo/src/demoTypedData.js';
import { sawInDialog, watchDialogFor } from './dialogWatch.js';
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
  stack,
  type TestApp,
  uniqueEmail,
} from './support.js';
import { approveInFrame, dialog, loginByEmail, newUserPage, seenCodes, visible, walletFrame } from './widgetSteps.js';

declare global {
  interface Window {
    __heard?: string[];
  }
}

/** The demo's `window.latchEmbeddedProvider` (apps/demo/src/EmbeddedWalletPanel.tsx). */
type PageProvider = { request(args: { method: string; params?: unknown }): Promise<unknown> } | undefined;

const WARNING = 'Never share your private key with anyone! It controls your account.';

/** A host-page script that hears every `message` event and every postMessage call of the page. */
async function listenLikeAHostScript(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__heard = [];
    const record = (data: unknown) => {
      try {
        window.__heard?.push(typeof data === 'string' ? data : JSON.stringify(data));
      } catch {
        window.__heard?.push(String(data));
      }
    };
    window.addEventListener('message', (event) => record(event.data), true);
    const post = window.postMessage.bind(window);
    window.postMessage = ((message: unknown, ...rest: [string]) => {
      record(message);
      return post(message, ...rest);
    }) as typeof window.postMessage;
  });
}

async function walletAddress(page: Page): Promise<`0x${string}`> {
  await visible(page.getByTestId('embedded-wallet-ready').getByText('ready'), 30_000);
  return (await page.getByTestId('embedded-wallet-address').textContent()) as `0x${string}`;
}

// The export journeys watch the connecting screen, held for SPEC's key-export minimum (1 s): at scaled delays it
// can end before its lazily loaded screen renders, so these pages keep real time.
const REAL_TIME = { realTime: true };

/**
 * Opens the export screen from the demo; inside the export frame types the step-up code sent to
 * `email` (a wrong one first when `wrongFirst`), checks the key is masked, presses Reveal and reads it.
 */
async function exportKey(
  page: Page,
  email: string,
  screenshot: string,
  wrongFirst = false,
): Promise<{ key: `0x${string}`; code: string }> {
  const seen = await seenCodes(email);
  // EMBEDDED_WALLET_CONNECTING_SCREEN comes first and lasts at least 1 s (SPEC §4): watched from before the click
  // (polling can miss it).
  await watchDialogFor(page, { heading: 'Connecting to your wallet' });
  await page.getByRole('button', { name: 'Export wallet' }).click();
  await sawInDialog(page, { heading: 'Connecting to your wallet' });
  await saveScreenshot(page, `${screenshot}-connecting`);
  await visible(dialog(page).getByRole('heading', { name: 'Transfer Wallet' }), 30_000);
  await visible(dialog(page).getByText(WARNING));
  const frame = page.frameLocator('iframe[title="Your private key"]');
  // The step-up code field is rendered inside the export page, not by the host.
  const codeField = frame.locator('#latch-export-code');
  await visible(codeField, 30_000);
  expect(await page.locator('#latch-export-code').count()).toBe(0);
  await saveScreenshot(page, `${screenshot}-code`);
  const code = await latestCode(email, seen);
  expect(code).toMatch(/^\d{6}$/);
  if (wrongFirst) {
    await codeField.fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
    await frame.getByRole('button', { name: 'Verify' }).click();
    await visible(frame.getByText('That code is wrong or has expired. Check it and try again.'));
    await saveScreenshot(page, `${screenshot}-wrong-code`);
  }
  await codeField.fill(code);
  await frame.getByRole('button', { name: 'Verify' }).click();
  const key = frame.locator('#latch-export-key');
  await visible(key, 30_000);
  // Masked until the user asks: as many dots as the key has characters.
  expect(await key.inputValue()).toMatch(/^•{66}$/);
  await saveScreenshot(page, `${screenshot}-masked`);
  await frame.getByRole('button', { name: 'Reveal' }).click();
  await saveScreenshot(page, screenshot);
  return { key: (await key.inputValue()) as `0x${string}`, code };
}

/** axe inside the export frame. */
async function exportFrameViolations(page: Page): Promise<Array<{ id: string; targets: string[] }>> {
  const frame = page.frames().find((f) => f.url().includes('/embedded-wallets/export'));
  if (!frame) throw new Error('No export frame.');
  return frameA11yViolations(frame);
}

/** A viem custom transport over the demo page's embedded EIP-1193 provider (errors keep their code). */
function pageTransport(page: Page) {
  const request = (async ({ method, params }: { method: string; params?: unknown }) => {
    const answer = await page.evaluate(
      async ({ method, params }) => {
        try {
          const provider = window.latchEmbeddedProvider as PageProvider;
          if (!provider) throw Object.assign(new Error('No provider'), { code: 4900 });
          return { result: await provider.request({ method, params }) };
        } catch (error) {
          const e = error as { code?: unknown; message?: string };
          return { error: { code: e.code, message: e.message ?? String(error) } };
        }
      },
      { method, params },
    );
    if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
    return answer.result;
  }) as EIP1193RequestFn;
  return custom({ request });
}

describe('embedded wallet: export, viem provider, noPromptOnSignature', () => {
  let browser: Browser;
  let app: TestApp;
  let dark: TestApp;
  beforeAll(async () => {
    browser = await launchBrowser();
    const config = { email_auth: true, embedded_wallet_config: { create_on_login: 'users-without-wallets' } };
    app = await createApp({ name: 'Export Co', config });
    dark = await createApp({ name: 'Export Dark Co', config: { ...config, color_scheme: 'dark' } });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('exports a key whose address matches, shown only inside the export frame; the host never hears it', async () => {
    const page = await newUserPage(browser);
    await listenLikeAHostScript(page);
    await openDemo(page, app, REAL_TIME);
    const email = uniqueEmail('export');
    await loginByEmail(page, email);
    const address = await walletAddress(page);

    const { key, code } = await exportKey(page, email, 'embedded-wallet-key-export', true);
    expect(key).toMatch(/^0x[0-9a-f]{64}$/);
    // The user is told the key left (dev outbox), by the notice the export step-up sends.
    const told = async () => (await notices(email)).join('\n');
    await expect.poll(told, { timeout: 10_000 }).toContain('Your wallet key was exported');
    expect(privateKeyToAccount(key).address).toBe(address);
    await visible(dialog(page).getByText(address));
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await exportFrameViolations(page)).toEqual([]);

    // SPEC §7: both frames carry the client analytics id (`caid`) the API calls send.
    const analyticsId = await page.evaluate((appId) => localStorage.getItem(`latch:${appId}:ca_id`), app.appId);
    expect(analyticsId).toBeTruthy();
    const frameCaids = page
      .frames()
      .filter((f) => f.url().includes('/embedded-wallets'))
      .map((f) => new URL(f.url()).searchParams.get('caid'));
    expect(frameCaids).toEqual([analyticsId, analyticsId]);

    // Nothing the host page heard or holds contains the key, in any case or with or without 0x.
    const bare = key.slice(2).toLowerCase();
    const heard = await page.evaluate(() => window.__heard ?? []);
    expect(heard.some((m) => m.includes('latch:wallet:connect'))).toBe(true);
    for (const message of heard) expect(message.toLowerCase()).not.toContain(bare);
    expect((await page.content()).toLowerCase()).not.toContain(bare);
    // Nor the step-up code: it was typed into the export page and went from there to the server.
    const asNumber = new RegExp(`(^|\\D)${code}(\\D|$)`);
    for (const message of heard) expect(message).not.toMatch(asNumber);

    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await dialog(page).waitFor({ state: 'detached', timeout: 10_000 });

    // The shares, entropy and mnemonic behind this key go to the teardown's database scan.
    expect(await harvestKeyMaterial(page, app, address)).toBe(key);
    await page.close();

    // A new device: the wallet is recovered first, then the export page finds this device's new share.
    const device = await newUserPage(browser);
    await openDemo(device, app, REAL_TIME);
    await loginByEmail(device, email);
    expect(await walletAddress(device)).toBe(address);
    expect((await exportKey(device, email, 'embedded-wallet-key-export-new-device')).key).toBe(key);
    await device.close();
  });

  it('export screen in the dark scheme', async () => {
    const page = await newUserPage(browser);
    await openDemo(page, dark, REAL_TIME);
    const email = uniqueEmail('export-dark');
    await loginByEmail(page, email);
    const address = await walletAddress(page);
    const { key } = await exportKey(page, email, 'embedded-wallet-key-export-dark');
    expect(privateKeyToAccount(key).address).toBe(address);
    // The export page takes the colours the widget draws (its own origin cannot read the host's CSS).
    const drawn = await dialog(page).evaluate((el) => getComputedStyle(el).backgroundColor);
    const exportPage = page.frameLocator('iframe[title="Your private key"]').locator('body');
    expect(drawn).toBe('rgb(24, 24, 27)');
    expect(await exportPage.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(drawn);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await exportFrameViolations(page)).toEqual([]);
    await harvestKeyMaterial(page, dark, address);
    await page.close();
  });

  it("the browser shows the wallet frame and the export page only inside the app's allowed origins (frame-ancestors)", async () => {
    const { apiUrl, demoUrl } = stack();
    const elsewhere = await createApp({ name: 'Elsewhere Co', allowed_origins: ['https://elsewhere.example'] });
    const page = await newUserPage(browser);
    await page.goto(demoUrl);
    const address = '0x52908400098527886E0F7030069857D2E4169EE7';
    const mount = (src: string) =>
      page.evaluate((url) => {
        const frame = document.createElement('iframe');
        frame.src = url;
        document.body.append(frame);
      }, src);
    for (const path of ['embedded-wallets', `embedded-wallets/export?address=${address}`]) {
      // The demo's own app allows the demo origin: the page loads.
      const allowed = `${apiUrl}/apps/${app.appId}/${path}`;
      const loaded = page.waitForEvent('framenavigated', (f) => f.url() === allowed);
      await mount(allowed);
      expect((await loaded).url()).toBe(allowed);
      // An app that allows only another origin: Chromium refuses it (an error page instead).
      const blocked = page.waitForEvent('framenavigated', (f) => f.url().startsWith('chrome-error://'));
      await mount(`${apiUrl}/apps/${elsewhere.appId}/${path}`);
      await blocked;
      expect(page.frames().some((f) => f.url().includes(elsewhere.appId))).toBe(false);
    }
    await page.close();
  });

  it('viem signs over the embedded EIP-1193 provider: prompted, rejected (4001), and with noPromptOnSignature', async () => {
    const page = await newUserPage(browser);
    await openDemo(page, app);
    await loginByEmail(page, uniqueEmail('viem'));
    const address = await walletAddress(page);
    const client = createWalletClient({ account: address, transport: pageTransport(page) });

    const signing = client.signMessage({ account: address, message: 'viem over Latch' });
    await visible(walletFrame(page).getByText('viem over Latch'));
    await approveInFrame(page);
    const signature = await signing;
    expect(await verifyMessage({ address, message: 'viem over Latch', signature })).toBe(true);
    await dialog(page).waitFor({ state: 'detached', timeout: 10_000 });

    // Closing the screen is a rejection: viem sees EIP-1193 4001.
    const refused = client.signMessage({ account: address, message: 'no thanks' }).catch((error: unknown) => error);
    // If the request failed before any screen, say how (rather than only timing out on the screen).
    await Promise.race([
      visible(walletFrame(page).getByText('no thanks')),
      refused.then((outcome) => {
        throw new Error(`signMessage settled before its screen showed: ${String(outcome)}`);
      }),
    ]);
    await walletFrame(page).getByRole('button', { name: 'Cancel' }).click();
    expect(await refused).toMatchObject({ code: 4001, name: 'UserRejectedRequestError' });
    await dialog(page).waitFor({ state: 'detached', timeout: 10_000 });

    // An empty message never reaches a prompt.
    const empty = await page.evaluate(
      (account) =>
        (window.latchEmbeddedProvider as PageProvider)
          ?.request({ method: 'personal_sign', params: ['', account] })
          .catch((e: { code?: unknown }) => e.code),
      address,
    );
    expect(empty).toBe('invalid_message');
    expect(await dialog(page).count()).toBe(0);

    // With the host's noPromptOnSignature on an app without headless signing, the frame still asks (issue #24).
    const { apiUrl, demoUrl } = stack();
    const query = new URLSearchParams({ appId: app.appId, clientId: app.clientId, apiUrl, noPromptOnSignature: '1' });
    await page.goto(`${demoUrl}/?${query}`);
    expect(await walletAddress(page)).toBe(address);
    const silent = createWalletClient({ account: address, transport: pageTransport(page) });
    const typed = (
      await Promise.all([silent.signTypedData({ account: address, ...DEMO_TYPED_DATA }), approveInFrame(page)])
    )[0];
    expect(await verifyTypedData({ address, ...DEMO_TYPED_DATA, signature: typed })).toBe(true);
    await harvestKeyMaterial(page, app, address);
    await page.close();
  });
});
