import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, createApp, launchBrowser, stack, type TestApp } from './support.js';
import { dialog, newUserPage, submitEmail, visible } from './widgetSteps.js';

// Host stylesheets as real pages ship them: global resets (no !important), once with element selectors and
// once at zero specificity (:where(), as modern resets write them). The widget must look the same under both.
const HOSTILE_RULES = `
  * { margin: 40px; padding: 7px; font: italic 700 30px/3 serif; color: magenta; box-sizing: content-box;
      background: yellow; border: 3px dashed green; letter-spacing: 3px; word-spacing: 9px; text-transform: uppercase;
      text-align: right; text-indent: 12px; text-decoration: underline; text-shadow: 2px 2px red; list-style: square;
      float: left; min-height: 10px; cursor: crosshair; outline: 2px solid blue; }
  h1, h2, h3 { color: white; font-size: 44px; margin: 1em 0; }
  p { margin: 2em 0; color: #999; }
  button, input, select { appearance: none; width: 100%; height: 60px; padding: 20px; border-radius: 0; }
  a { color: orange; text-decoration: none; }
  label { display: block; font-weight: 900; }
  ul, ol { padding-left: 50px; }
  li { display: list-item; }
  img, picture, video, canvas, svg { display: block; max-width: 100%; vertical-align: middle; }
  img, video { height: auto; }
  svg * { color: red; }
  dialog { position: relative; width: 90vw; max-height: none; padding: 30px; }
  form, section, div, span, strong, pre, dl, dd, dt { display: block; }
`;
const SELECTOR_RULES = HOSTILE_RULES;
const WHERE_RULES = HOSTILE_RULES.replace(
  /^(\s*)([^{}\n]+?)\s*\{/gm,
  (_, indent, selector) => `${indent}:where(${selector}) {`,
);
// Tailwind v4's preflight (its rules that reach the widget's elements), in its cascade layer, under a dark page.
const LAYERED_RULES = `
  @layer base {
    *, ::after, ::before, ::backdrop { box-sizing: border-box; margin: 0; padding: 0; border: 0 solid; }
    html { line-height: 1.5; font-family: ui-sans-serif, system-ui, sans-serif; }
    h1, h2, h3, h4, h5, h6 { font-size: inherit; font-weight: inherit; }
    a { color: inherit; text-decoration: inherit; }
    ol, ul, menu { list-style: none; }
    img, svg, video, canvas, audio, iframe, embed, object { display: block; vertical-align: middle; }
    img, video { max-width: 100%; height: auto; }
    button, input, select, optgroup, textarea { font: inherit; letter-spacing: inherit; color: inherit; border-radius: 0;
      background-color: transparent; opacity: 1; }
    ::placeholder { opacity: 1; }
  }
  body { background: #0b0b0f; color: #fafafa; }
`;

/** Opens the demo with a host config in ?host= (the demo passes it to LatchProvider). */
async function openWithHost(page: Page, app: TestApp, host: unknown): Promise<void> {
  const { apiUrl, demoUrl } = stack();
  const query = new URLSearchParams({ appId: app.appId, clientId: app.clientId, apiUrl, host: JSON.stringify(host) });
  await page.goto(`${demoUrl}/?${query}`);
}

/**
 * Every computed style of every element of the open widget (root included), and its box relative to the root:
 * one line per element and property, so a difference names the element and the property.
 */
function widgetStyles(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.querySelector('dialog[data-latch-root][open]') as HTMLElement;
    const origin = root.getBoundingClientRect();
    const lines: string[] = [];
    [root, ...Array.from(root.querySelectorAll('*'))].forEach((element, index) => {
      const name = `${index}:${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''}`;
      const style = getComputedStyle(element);
      for (const property of Array.from(style)) lines.push(`${name} ${property}: ${style.getPropertyValue(property)}`);
      const box = element.getBoundingClientRect();
      lines.push(`${name} box: ${box.x - origin.x},${box.y - origin.y} ${box.width}x${box.height}`);
    });
    return lines;
  });
}

/** A screenshot of the widget, inset past its rounded corners (the page behind them is the host's, and differs). */
async function widgetPixels(page: Page): Promise<Buffer> {
  const box = await page.locator('dialog[data-latch-root][open]').boundingBox();
  if (!box) throw new Error('no open widget');
  const inset = 6;
  const clip = { x: box.x + inset, y: box.y + inset, width: box.width - 2 * inset, height: box.height - 2 * inset };
  return page.screenshot({ clip, animations: 'disabled', caret: 'hide' });
}

/** How many pixels differ between two PNG screenshots (decoded by the browser: no image library needed). */
function differingPixels(page: Page, a: Buffer, b: Buffer): Promise<number> {
  return page.evaluate(
    async ([first, second]) => {
      const decode = async (base64: string) => {
        const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
        context.drawImage(bitmap, 0, 0);
        return context.getImageData(0, 0, bitmap.width, bitmap.height);
      };
      const [x, y] = [await decode(first as string), await decode(second as string)];
      if (x.width !== y.width || x.height !== y.height) return Number.POSITIVE_INFINITY;
      let differing = 0;
      for (let i = 0; i < x.data.length; i += 4)
        if ([0, 1, 2, 3].some((c) => Math.abs((x.data[i + c] as number) - (y.data[i + c] as number)) > 8)) differing++;
      return differing;
    },
    [a.toString('base64'), b.toString('base64')],
  );
}

/** The lines of `after` that differ from `before` (first few), as `line → value`. */
function differences(before: string[], after: string[]): string[] {
  if (before.length !== after.length) return [`element or property count ${before.length} → ${after.length}`];
  return before.flatMap((line, i) => (line === after[i] ? [] : [`${line}  →  ${after[i]}`])).slice(0, 25);
}

/**
 * Checks the open screen under each hostile sheet: the same computed styles and boxes as without it, and (with
 * `pixels`) the same pixels. Leaves the page without the sheets.
 */
async function expectUnaffected(page: Page, screen: string, pixels: boolean): Promise<void> {
  await page.mouse.move(0, 0);
  // Lazy parts (the phone form, the social marks, the wallet icons) have arrived; no transition runs.
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      !document.querySelector('[data-latch-root] [aria-busy="true"]') &&
      // The phone form's country list arrives with its library (a lazy chunk).
      [...document.querySelectorAll('[data-latch-root] select')].every((select) => select.children.length > 1),
  );
  const styles = await widgetStyles(page);
  const shot = pixels ? await widgetPixels(page) : null;
  for (const [variant, rules] of [
    ['element selectors', SELECTOR_RULES],
    [':where()', WHERE_RULES],
    ['a layered preflight', LAYERED_RULES],
  ] as const) {
    const sheet = await page.addStyleTag({ content: rules });
    const name = `hostile-${screen}-${variant.replace(/\W+/g, '-').replace(/^-|-$/g, '')}`;
    await page.screenshot({ path: join(ARTIFACTS, 'screenshots', `${name}.png`) });
    expect(differences(styles, await widgetStyles(page)), `${screen} under ${variant}`).toEqual([]);
    if (shot) expect(await differingPixels(page, shot, await widgetPixels(page)), `${screen} pixels`).toBe(0);
    await sheet.evaluate((element) => (element as Element).remove());
  }
}

describe('the widget under a hostile host stylesheet', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('landing, email code and wallet list look the same with and without the host resets (light)', async () => {
    const app = await createApp({
      name: 'Hostile host',
      config: { email_auth: true, sms_auth: true, wallet_auth: true, color_scheme: 'light' },
    });
    const page = await newUserPage(browser);
    await openWithHost(page, app, {
      appearance: { theme: 'light', loginMessage: 'Pick a way in.' },
      loginMethodsAndOrder: { primary: ['email', 'sms'], overflow: ['wallet'] },
    });
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Log in or sign up' }));
    await visible(dialog(page).getByPlaceholder('Phone number'));
    // The bug as a host saw it: the title took the host's h2 colour.
    const h2Rule = await page.addStyleTag({ content: 'h2 { color: white }' });
    const title = dialog(page).getByRole('heading', { name: 'Log in or sign up' });
    const titleColor = await title.evaluate((element) => getComputedStyle(element).color);
    await h2Rule.evaluate((element) => (element as Element).remove());
    expect(titleColor).toBe('rgb(17, 24, 39)');
    await expectUnaffected(page, 'landing', true);

    await dialog(page).getByRole('button', { name: 'More options' }).click();
    await visible(dialog(page).getByText('MetaMask'));
    await expectUnaffected(page, 'wallets', false);
    await dialog(page).getByRole('button', { name: /back/i }).click();

    await submitEmail(page, `hostile-${Date.now()}@example.com`);
    await expectUnaffected(page, 'email-code', true);
  }, 240_000);

  it('the dark landing looks the same with and without the host resets', async () => {
    const app = await createApp({ name: 'Hostile dark', config: { email_auth: true, color_scheme: 'dark' } });
    const page = await newUserPage(browser);
    await openWithHost(page, app, { appearance: { theme: 'dark' } });
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Log in or sign up' }));
    await expectUnaffected(page, 'landing-dark', true);
  }, 120_000);
});
