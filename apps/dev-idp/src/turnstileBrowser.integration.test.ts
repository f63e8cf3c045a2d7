import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DevIdp, startDevIdp, TURNSTILE_KEYS } from './index.js';
import { closeBrowserTest, launchTestBrowser } from './testing/testBrowser.js';

// The Turnstile stand-in's widget script in Chromium, on a host page of another origin, through the documented
// JS API: explicit rendering with ?render=explicit&onload=, callbacks, getResponse, isExpired, reset, remove.

let host: Server;
let hostUrl: string;
let idp: DevIdp;
let browser: Browser;

beforeAll(async () => {
  idp = await startDevIdp({ redirectUris: ['http://localhost:8787/api/v1/oauth/callback'], providers: [] });
  host = createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<!DOCTYPE html><title>host</title>
<div id="captcha"></div>
<script src="${idp.turnstile.scriptUrl}?render=explicit&onload=onTurnstile"></script>`);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  browser = await launchTestBrowser();
});
afterAll(() => closeBrowserTest({ browser, idp, host }));

/** A host page whose widget (rendered on the script's onload) records every callback in `window.events`. */
async function hostPage(params: Record<string, unknown>): Promise<Page> {
  const page = await browser.newPage();
  await page.addInitScript((options) => {
    const w = window as unknown as Record<string, unknown> & { turnstile: { render(c: string, p: object): string } };
    w.events = [];
    const record = (name: string) => (arg: unknown) => (w.events as unknown[]).push([name, arg]);
    w.onTurnstile = () => {
      w.widgetId = w.turnstile.render('#captcha', {
        ...options,
        callback: record('callback'),
        'error-callback': record('error'),
        'expired-callback': record('expired'),
      });
    };
  }, params);
  await page.goto(hostUrl);
  return page;
}

const events = (page: Page) => page.evaluate(() => (window as unknown as { events: [string, unknown][] }).events);
const until = (page: Page, count: number) =>
  page.waitForFunction((n) => (window as unknown as { events: unknown[] }).events.length >= n, count);

it('renders on onload, passes the pass key with a token that getResponse returns; siteverify sees the page’s hostname', async () => {
  const page = await hostPage({ sitekey: TURNSTILE_KEYS.passSiteKey, action: 'login' });
  try {
    await until(page, 1);
    const [name, token] = (await events(page))[0] ?? [];
    expect(name).toBe('callback');
    expect(await page.evaluate(() => window.turnstile.getResponse())).toBe(token);
    expect(await page.locator('[data-latch-turnstile-standin]').textContent()).toBe(
      'Turnstile stand-in (not Cloudflare): success',
    );
    const answer = await fetch(idp.turnstile.siteverifyUrl, {
      method: 'POST',
      body: new URLSearchParams({ secret: TURNSTILE_KEYS.passSecret, response: String(token) }),
    }).then((r) => r.json());
    expect(answer).toMatchObject({ success: true, hostname: '127.0.0.1', action: 'login' });
  } finally {
    await page.close();
  }
}, 60_000);

it('calls the error-callback for the fail key; with execution "execute" it waits for execute(), and reset runs again', async () => {
  const page = await hostPage({
    sitekey: TURNSTILE_KEYS.failThenPassSiteKey(1),
    execution: 'execute',
    retry: 'never',
  });
  try {
    await page.waitForFunction(() => (window as unknown as { widgetId?: string }).widgetId);
    expect(await events(page)).toEqual([]);
    await page.evaluate(() => window.turnstile.execute('#captcha'));
    await until(page, 1);
    expect(await events(page)).toEqual([['error', '600010']]);
    expect(await page.evaluate(() => window.turnstile.getResponse())).toBeUndefined();
    await page.evaluate(() => {
      window.turnstile.reset();
      window.turnstile.execute('#captcha');
    });
    await until(page, 2);
    expect((await events(page))[1]?.[0]).toBe('callback');
    await page.evaluate(() => window.turnstile.remove((window as unknown as { widgetId: string }).widgetId));
    expect(await page.locator('[data-latch-turnstile-standin]').count()).toBe(0);
  } finally {
    await page.close();
  }
}, 60_000);

it('expires the short-lived key’s token: expired-callback, isExpired, no response (refresh-expired manual)', async () => {
  const page = await hostPage({ sitekey: 'standin-expire-300', 'refresh-expired': 'manual' });
  try {
    await until(page, 2);
    const [first, second] = await events(page);
    expect([first?.[0], second?.[0]]).toEqual(['callback', 'expired']);
    const token = second?.[1];
    expect(token).toMatch(/^standin\./);
    expect(await page.evaluate(() => window.turnstile.isExpired())).toBe(true);
    expect(await page.evaluate(() => window.turnstile.getResponse())).toBeUndefined();
  } finally {
    await page.close();
  }
}, 60_000);

declare global {
  interface Window {
    turnstile: {
      render(container: string | Element, params: object): string;
      execute(container: string | Element, params?: object): void;
      reset(id?: string): void;
      remove(id?: string): void;
      getResponse(id?: string): string | undefined;
      isExpired(id?: string): boolean;
    };
  }
}
