import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, launchBrowser, stack, type TestApp } from './support.js';
import { checkScreen, dialog, newUserPage, visible } from './widgetSteps.js';

/** Opens the demo with a host config in ?host= (the demo passes it to LatchProvider). */
async function openWithHost(page: Page, app: TestApp, host: unknown): Promise<void> {
  const { apiUrl, demoUrl } = stack();
  const query = new URLSearchParams({ appId: app.appId, clientId: app.clientId, apiUrl, host: JSON.stringify(host) });
  await page.goto(`${demoUrl}/?${query}`);
}

const rootStyle = (page: Page, property: string) =>
  page.evaluate(
    (name) =>
      getComputedStyle(document.querySelector('dialog[data-latch-root]') as Element)
        .getPropertyValue(name)
        .trim(),
    property,
  );

// What the widget draws (its colours are light-dark() values, resolved by the root's color-scheme).
const rootBackground = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.querySelector('dialog[data-latch-root]') as Element).backgroundColor);

// The host's options on LatchProvider, over the server's app config (docs/theming.md).
describe('host-side configuration', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('dark theme, accent, a login-method subset in the host order and a wallet list show on the landing', async () => {
    const app = await createApp({
      name: 'Host config',
      config: { email_auth: true, sms_auth: true, wallet_auth: true, color_scheme: 'light', accent_color: '#676FFF' },
    });
    const page = await newUserPage(browser);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await openWithHost(page, app, {
      appearance: {
        theme: 'dark',
        accentColor: '#FFD400',
        landingHeader: 'Welcome to Host Co',
        loginMessage: 'Pick a way in.',
        walletList: ['metamask', 'wallet_connect'],
        showWalletLoginFirst: true,
      },
      // github is not enabled on the server: dropped with a warning. sms is left out: not shown.
      loginMethods: ['wallet', 'github', 'email'],
    });
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Welcome to Host Co' }));
    await visible(dialog(page).getByText('Pick a way in.'));
    expect(await page.locator('dialog').getAttribute('data-latch-theme')).toBe('dark');
    // The documented properties carry the host's accent; black text on this light accent.
    expect(await rootStyle(page, '--latch-accent')).toBe('#FFD400');
    expect(await rootStyle(page, '--latch-accent-contrast')).toBe('#000000');
    expect(await rootBackground(page)).toBe('rgb(24, 24, 27)');
    // web3-first: the host's wallets in its order, then email; no SMS (left out by the host).
    await visible(dialog(page).getByText('MetaMask'));
    await visible(dialog(page).getByText('WalletConnect'));
    const text = (await dialog(page).innerText()).replace(/\s+/g, ' ');
    expect(text.indexOf('MetaMask')).toBeLessThan(text.indexOf('WalletConnect'));
    const top = async (locator: ReturnType<typeof dialog>) => (await locator.boundingBox())?.y ?? -1;
    expect(await top(dialog(page).getByText('WalletConnect'))).toBeLessThan(
      await top(dialog(page).getByPlaceholder('your@email.com')),
    );
    expect(await dialog(page).getByPlaceholder('your@email.com').count()).toBe(1);
    expect(warnings.some((w) => w.includes('Login method "github" is not enabled'))).toBe(true);
    // An email typed: the submit button shows the accent fill with its readable text.
    await dialog(page).getByPlaceholder('your@email.com').fill('host-config@example.com');
    await checkScreen(page, 'host-config-landing-dark');
    // Checked after the screenshot: a phone form (a lazy chunk) would have arrived by now.
    expect(await dialog(page).getByPlaceholder('Phone number').count()).toBe(0);
  });

  it('a host stylesheet overrides the documented properties, and the theme changes live', async () => {
    const app = await createApp({ name: 'Host live', config: { email_auth: true } });
    const page = await newUserPage(browser);
    await openWithHost(page, app, { appearance: { theme: 'light' } });
    await page.addStyleTag({ content: '[data-latch-root] { --latch-radius: 2px; --latch-accent-fill: #0b6e4f; }' });
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Log in or sign up' }));
    expect(await rootStyle(page, '--latch-radius')).toBe('2px');
    await dialog(page).getByPlaceholder('your@email.com').fill('host-css@example.com');
    const submit = dialog(page).getByRole('button', { name: 'Submit' });
    expect(await submit.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(11, 110, 79)');
    await checkScreen(page, 'host-config-host-css');
    await page.keyboard.press('Escape');
    // The demo's appearance panel changes the provider's props: the widget re-renders with them.
    await page.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Log in or sign up' }));
    expect(await page.locator('dialog').getAttribute('data-latch-theme')).toBe('dark');
    // 'system' follows the device: emulate a dark preference, then a light one.
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'Theme' }).selectOption('system');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Log in or sign up' }));
    expect(await page.locator('dialog').getAttribute('data-latch-theme')).toBe('system');
    expect(await rootBackground(page)).toBe('rgb(24, 24, 27)');
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await rootBackground(page)).toBe('rgb(255, 255, 255)');
  });

  it('a page on an origin the app does not allow gets one console error naming the origin and the command', async () => {
    const app = await createApp({ name: 'Wrong origin', allowed_origins: ['https://elsewhere.example'] });
    const page = await newUserPage(browser);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().startsWith('Latch:')) errors.push(message.text());
    });
    await openWithHost(page, app, {});
    const origin = new URL(stack().demoUrl).origin;
    await expect.poll(() => errors.length, { timeout: 15_000 }).toBe(1);
    expect(errors[0]).toContain(`this page's origin ${origin} is not an allowed origin of app ${app.appId}`);
    expect(errors[0]).toContain(`latch-server apps update ${app.appId} --origin ${origin}`);
  });
});
