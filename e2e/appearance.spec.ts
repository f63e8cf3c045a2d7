import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrastRatio } from '../packages/core/src/accentColors.js';
import { themeColors } from '../packages/core/src/themeColors.js';
import { ARTIFACTS, createApp, launchBrowser, stack, type TestApp } from './support.js';
import { checkScreen, dialog, newUserPage, visible } from './widgetSteps.js';

/** Opens a page of the demo app (index.html with ?host=, or the minimal appearance.html) for `app`. */
async function open(page: Page, app: TestApp, path: string, host?: unknown): Promise<void> {
  const { apiUrl, demoUrl } = stack();
  const query = new URLSearchParams({ appId: app.appId, clientId: app.clientId, apiUrl });
  if (host) query.set('host', JSON.stringify(host));
  await page.goto(`${demoUrl}/${path}?${query}`);
}

/** The console messages of `type` that start with 'Latch:'. */
function latchConsole(page: Page, type: 'error' | 'warning'): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (message.type() === type && message.text().startsWith('Latch:')) seen.push(message.text());
  });
  return seen;
}

const rgb = (css: string) => (css.match(/\d+/g) ?? []).slice(0, 3).map(Number) as [number, number, number];
const hexToRgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

// docs/theming.md's "Theme, logo element, phone country": apps/demo/appearance.html is that snippet.
describe('appearance: a hex theme, a logo element and the default phone country', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("the documented snippet: the palette derived from '#13152F', the svg logo in the header, Spain first", async () => {
    const app = await createApp({ name: 'Acme', config: { email_auth: true, sms_auth: true, color_scheme: 'light' } });
    const page = await newUserPage(browser);
    const errors = latchConsole(page, 'error');
    await open(page, app, 'appearance.html');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    const title = dialog(page).getByRole('heading', { name: 'Log in or sign up' });
    await visible(title);
    const derived = themeColors('#13152F');
    if (!derived) throw new Error('no palette');
    expect(await page.locator('dialog').getAttribute('data-latch-theme')).toBe('dark');
    const root = page.locator('dialog[data-latch-root]');
    expect(await root.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(19, 21, 47)');
    // The title and the secondary text read on that background (WCAG AA).
    const titleColor = await title.evaluate((element) => getComputedStyle(element).color);
    expect(titleColor).toBe(hexToRgb(derived.fg));
    expect(contrastRatio(rgb(titleColor), [19, 21, 47])).toBeGreaterThanOrEqual(4.5);
    // The host's element, as given, above the title (SPEC §5: an svg element), sized by the widget's logo rule.
    const logo = dialog(page).getByRole('img', { name: 'Acme' });
    await visible(logo);
    expect(await logo.evaluate((element) => element.tagName.toLowerCase())).toBe('svg');
    expect(await logo.getAttribute('class')).toBe('latch-logo');
    // Read once the layout has settled (f3 read the two boxes mid-layout on a busy machine).
    const logoAboveTitle = async () => {
      const [logoBox, titleBox] = [await logo.boundingBox(), await title.boundingBox()];
      return logoBox && titleBox && { above: logoBox.y + logoBox.height <= titleBox.y, height: logoBox.height };
    };
    await expect.poll(logoAboveTitle, { timeout: 10_000 }).toEqual({ above: true, height: 32 });
    // The phone input starts in Spain.
    const country = dialog(page).getByRole('combobox', { name: /country/i });
    await expect.poll(() => country.inputValue(), { timeout: 20_000 }).toBe('ES');
    await expect.poll(() => country.locator('option:checked').textContent(), { timeout: 20_000 }).toBe('ES +34');
    await checkScreen(page, 'appearance-hex-theme-logo-element');
    expect(errors).toEqual([]);
  });

  it('a light hex theme reads as light; light and dark keywords are unchanged', async () => {
    const app = await createApp({ name: 'Cream', config: { email_auth: true } });
    for (const [theme, scheme, background] of [
      ['#FDF6E3', 'light', 'rgb(253, 246, 227)'],
      ['dark', 'dark', 'rgb(24, 24, 27)'],
      ['light', 'light', 'rgb(255, 255, 255)'],
    ] as const) {
      const page = await newUserPage(browser);
      await open(page, app, '', { appearance: { theme } });
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await visible(dialog(page).getByRole('heading', { name: 'Log in or sign up' }));
      expect(await page.locator('dialog').getAttribute('data-latch-theme')).toBe(scheme);
      const root = page.locator('dialog[data-latch-root]');
      expect(await root.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(background);
      await page.screenshot({ path: join(ARTIFACTS, 'screenshots', `appearance-theme-${theme.replace('#', '')}.png`) });
      await page.close();
    }
  });

  it('an invalid theme or country: a console message and the fallback, never a blank page', async () => {
    const app = await createApp({ name: 'Typos', config: { email_auth: true, sms_auth: true, color_scheme: 'light' } });
    const page = await newUserPage(browser);
    const [errors, warnings] = [latchConsole(page, 'error'), latchConsole(page, 'warning')];
    // 'ZZ' is two letters but no country; 'purple' is no theme.
    await open(page, app, '', { appearance: { theme: 'purple' }, intl: { defaultCountry: 'ZZ' } });
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Log in or sign up' }));
    expect(await page.locator('dialog').getAttribute('data-latch-theme')).toBe('light');
    const country = dialog(page).getByRole('combobox', { name: /country/i });
    await expect.poll(() => country.inputValue(), { timeout: 20_000 }).toBe('US');
    await expect.poll(() => errors.length, { timeout: 20_000 }).toBe(1);
    expect(errors[0]).toContain(
      `appearance.theme "purple" is not 'light', 'dark', 'system' or a #rgb / #rrggbb colour`,
    );
    await expect
      .poll(() => warnings.some((w) => w.includes('intl.defaultCountry "ZZ" is not a supported country')))
      .toBe(true);
  });
});
