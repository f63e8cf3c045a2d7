import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type DevIdp, startDevIdp } from '@latch/dev-idp';
import { HEADER, type TokenResponse } from '@latch/protocol';
import { TELEGRAM_API } from '@latch/protocol/oauth';
import { type RunningServer, startServer } from '@latch/server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support.js';

// /js/telegram-login.js in Chromium: a host page under a strict CSP loads it from the Latch server, opens the
// dev IdP's Telegram stand-in popup (which signs as Telegram does), gets the result and logs in with it. Its own
// Latch server and dev IdP (LATCH_TELEGRAM_OAUTH_URL = the stand-in), so it depends on nothing in the stack.

let idp: DevIdp;
let latch: RunningServer;
let host: Server;
let hostUrl: string;
let browser: Browser;
let app: { appId: string; clientId: string };

/** The host page: the served script (with its attributes) and the page's own script; nothing inline. */
function hostPage(apiUrl: string, botName: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title>
<script src="${apiUrl}${TELEGRAM_API.script}" data-telegram-login="${botName}" data-request-access="write" data-lang="en"></script>
<script src="/host.js"></script></head>
<body><button id="login" type="button">Log in with Telegram</button><pre id="result"></pre></body></html>`;
}

// The page's own script: CSP-safe (no inline handler), it records what the callback got and any CSP violation.
const HOST_SCRIPT = `window.cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => window.cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));
document.addEventListener('DOMContentLoaded', () => {
  document.getElementById('login').addEventListener('click', () => {
    window.LatchTelegramLogin.auth({ bot_id: document.body.dataset.botId }, (result) => {
      document.getElementById('result').textContent = JSON.stringify(result);
    });
  });
});`;

beforeAll(async () => {
  idp = await startDevIdp({ redirectUris: [], providers: [] });
  latch = await startServer({
    port: 0,
    host: '127.0.0.1',
    dev: true,
    dataDir: '/nonexistent-latch-e2e-telegram',
    inMemoryDb: true,
    masterKey: randomBytes(32).toString('base64'),
    recoveryKey: randomBytes(32).toString('base64'),
    publicUrl: 'http://127.0.0.1',
    logLevel: 'silent',
    telegramOAuthUrl: idp.telegram.origin,
  });
  const { botId, botName, botToken } = idp.telegram;
  const created = await latch.ctx.apps.create({ name: 'Telegram Co', config: { email_auth: true } });
  await latch.ctx.loginCredentials.set(created.id, 'telegram', { bot_id: botId, bot_name: botName }, botToken);
  await latch.ctx.apps.update(created.id, {
    config: { telegram_auth: true, telegram_auth_config: { bot_id: botId, bot_name: botName } },
  });
  app = { appId: created.id, clientId: created.clientIds[0]! };
  const apiOrigin = new URL(latch.url).origin;
  host = createServer((req, res) => {
    if (req.url === '/host.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(HOST_SCRIPT);
      return;
    }
    const html = hostPage(latch.url, botName).replace('<body>', `<body data-bot-id="${botId}">`);
    res
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        // Strict: scripts only from this page's origin and the Latch server; no inline script, no eval.
        'content-security-policy': `default-src 'none'; script-src 'self' ${apiOrigin}; base-uri 'none'; form-action 'none'`,
      })
      .end(html);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => host?.close(resolve));
  await latch?.close();
  await idp?.close();
});

async function openHost(): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(hostUrl);
  await page.waitForFunction(() => typeof (window as { LatchTelegramLogin?: unknown }).LatchTelegramLogin === 'object');
  return page;
}

const callbackResult = async (page: Page) => {
  await page.waitForFunction(() => document.getElementById('result')?.textContent !== '');
  return JSON.parse((await page.locator('#result').textContent()) as string) as unknown;
};

describe('/js/telegram-login.js in Chromium', () => {
  it('opens the Telegram popup, hands the page its signed result, which logs the user in', async () => {
    const page = await openHost();
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.locator('#login').click()]);
    const popupUrl = new URL(popup.url());
    expect(`${popupUrl.origin}${popupUrl.pathname}`).toBe(`${idp.telegram.origin}/auth`);
    expect(Object.fromEntries(popupUrl.searchParams)).toEqual({
      bot_id: idp.telegram.botId,
      origin: hostUrl,
      request_access: 'write',
      lang: 'en',
    });
    expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([550, 470]);
    await popup.locator('#id').fill('777000123');
    await popup.locator('#first_name').fill('Grace');
    await popup.getByRole('button', { name: 'Continue' }).click();

    const result = (await callbackResult(page)) as { id: number; hash: string };
    expect(result).toMatchObject({ id: 777000123, first_name: 'Grace', hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);

    const login = await fetch(`${latch.url}${TELEGRAM_API.authenticate}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [HEADER.appId]: app.appId, [HEADER.clientId]: app.clientId },
      body: JSON.stringify({ telegram_auth_result: result }),
    });
    expect(login.status).toBe(200);
    const session = (await login.json()) as TokenResponse;
    expect(session.user.linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'telegram', telegram_user_id: '777000123', first_name: 'Grace' }),
    );
  });

  it('ignores a result the page posts to itself while the popup is open; Cancel calls back false', async () => {
    const page = await openHost();
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.locator('#login').click()]);
    await popup.waitForLoadState();
    // Script on the host page forging a result: not from the popup, not from Telegram's origin.
    await page.evaluate(() => {
      const forged = { id: 1, first_name: 'Mallory', auth_date: 1, hash: '0'.repeat(64) };
      window.postMessage(JSON.stringify({ event: 'auth_result', result: forged }), '*');
    });
    await popup.getByRole('button', { name: 'Cancel' }).click();
    expect(await callbackResult(page)).toBe(false);
  });

  it('calls back false when the user closes the popup', async () => {
    const page = await openHost();
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.locator('#login').click()]);
    await popup.waitForLoadState();
    await popup.close();
    expect(await callbackResult(page)).toBe(false);
  });
});
