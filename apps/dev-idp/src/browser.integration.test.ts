import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AuthDataValidator } from '@telegram-auth/server';
import { objectToAuthDataMap } from '@telegram-auth/server/utils';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevIdp } from './index.js';
import { startDevIdp } from './index.js';
import { closeBrowserTest, launchTestBrowser } from './testing/testBrowser.js';
import { testFlow } from './testing/testFlow.js';

// The stand-ins' pages in Chromium, as a person uses them: the login page in a popup and in a redirect,
// Apple's form_post reaching the callback, and the Telegram popup posting its signed result to the opener.

let host: Server;
let hostUrl: string;
let idp: DevIdp;
let browser: Browser;
const posted: Record<string, string>[] = [];

/** A host app: a blank page, and a callback that shows (GET) or records (POST) what the provider sent. */
function startHost(): Promise<void> {
  host = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://host');
    if (url.pathname === '/callback' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        posted.push(Object.fromEntries(new URLSearchParams(body)));
        res.writeHead(200, { 'content-type': 'text/html' }).end('<p id="done">posted</p>');
      });
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!DOCTYPE html><title>host</title><p>host</p>');
  });
  return new Promise((resolve) =>
    host.listen(0, '127.0.0.1', () => {
      hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

const flow = testFlow(
  () => idp,
  () => `${hostUrl}/callback`,
);

beforeAll(async () => {
  await startHost();
  idp = await startDevIdp({ redirectUris: [`${hostUrl}/callback`], providers: ['google', 'apple', 'github'] });
  browser = await launchTestBrowser();
});
afterAll(() => closeBrowserTest({ browser, idp, host }));

/** Fills the stand-in's login page and presses Continue. */
async function logIn(page: Page, email: string) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Name' }).fill('Grace Hopper');
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('in Chromium', () => {
  it('the login page in a popup returns the code to the redirect URI', async () => {
    const page = await browser.newPage();
    await page.goto(hostUrl);
    const { url, state } = await flow.authorizationUrl('google');
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.evaluate((href) => window.open(href, 'login', 'width=500,height=600'), url.href),
    ]);
    await popup.getByText('Development stand-in for Google — not the real Google.').waitFor();
    await logIn(popup, 'popup@example.com');
    await popup.waitForURL(`${hostUrl}/callback?**`);
    const back = new URL(popup.url());
    expect(back.searchParams.get('state')).toBe(state);
    expect(back.searchParams.get('code')).toBeTruthy();
    await page.close();
  });

  it('the login page in a redirect; Cancel answers access_denied', async () => {
    const page = await browser.newPage();
    const { url, state } = await flow.authorizationUrl('github');
    await page.goto(url.href);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(`${hostUrl}/callback?**`);
    const back = new URL(page.url());
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe(state);
    await page.close();
  });

  it("Apple's form_post reaches the callback as a POST with the code and the user's name", async () => {
    const page = await browser.newPage();
    const { url, state } = await flow.authorizationUrl('apple');
    await page.goto(url.href);
    await logIn(page, 'browser.apple@example.com');
    await page.locator('#done').waitFor();
    const form = posted.at(-1)!;
    expect(form.state).toBe(state);
    expect(form.code).toBeTruthy();
    expect(JSON.parse(form.user!)).toMatchObject({ name: { firstName: 'Grace', lastName: 'Hopper' } });
    await page.close();
  });

  it('the Telegram popup posts its signed result to the opener, at the given origin only', async () => {
    const page = await browser.newPage();
    await page.goto(hostUrl);
    await page.evaluate(() => {
      const w = window as unknown as { received: { origin: string; data: string }[] };
      w.received = [];
      window.addEventListener('message', (event) =>
        w.received.push({ origin: event.origin, data: String(event.data) }),
      );
    });
    const telegramLogin = async (origin: string, id: string) => {
      const query = new URLSearchParams({ bot_id: idp.telegram.botId, origin, request_access: 'write', lang: 'en' });
      const [popup] = await Promise.all([
        page.waitForEvent('popup'),
        page.evaluate(
          (href) => window.open(href, 'telegram', 'width=550,height=470'),
          `${idp.telegram.origin}/auth?${query}`,
        ),
      ]);
      await popup.getByText('Development stand-in for Telegram').waitFor();
      await popup.getByRole('textbox', { name: 'Telegram user id' }).fill(id);
      await popup.getByRole('textbox', { name: 'First name' }).fill('Grace');
      await popup.getByRole('button', { name: 'Continue' }).click();
      await expect.poll(() => popup.isClosed()).toBe(true);
    };
    // Asked for another origin than the opener's: the browser drops the message.
    await telegramLogin('http://127.0.0.1:9', '1111');
    await telegramLogin(hostUrl, '31337');
    const received = () =>
      page.evaluate(() => (window as unknown as { received: { origin: string; data: string }[] }).received);
    await expect.poll(async () => (await received()).length).toBeGreaterThan(0);
    const messages = await received();
    expect(messages).toHaveLength(1);
    expect(messages[0]!.origin).toBe(new URL(idp.telegram.origin).origin);
    const { event, result: auth } = JSON.parse(messages[0]!.data);
    expect(event).toBe('auth_result');
    const user = await new AuthDataValidator({ botToken: idp.telegram.botToken }).validate(objectToAuthDataMap(auth));
    expect(user).toMatchObject({ id: 31337, first_name: 'Grace' });
    await page.close();
  });
});
