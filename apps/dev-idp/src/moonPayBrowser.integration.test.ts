import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DevIdp, startDevIdp } from './index.js';
import { signedWidgetUrl } from './testing/moonPayClient.js';
import { closeBrowserTest, launchTestBrowser } from './testing/testBrowser.js';

// The MoonPay stand-in in Chromium, as a tester and a host page use it: the widget page (its stylesheet under
// the pages' CSP) and a button, and the host page on another origin polling the transaction (CORS).

let host: Server;
let hostUrl: string;
let idp: DevIdp;
let browser: Browser;

beforeAll(async () => {
  host = createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!DOCTYPE html><title>host</title><p>host</p>');
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  idp = await startDevIdp({ redirectUris: [`${hostUrl}/callback`], providers: [] });
  browser = await launchTestBrowser();
});
afterAll(() => closeBrowserTest({ browser, idp, host }));

it('shows the order with its outcome buttons; the host page reads the picked outcome cross-origin', async () => {
  const context = await browser.newContext();
  try {
    const hostPage = await context.newPage();
    await hostPage.goto(hostUrl);
    const externalTransactionId = 'browser-order-1';
    const statusUrl = `${idp.moonPay.apiUrl}/v1/transactions/ext/${externalTransactionId}?apiKey=${idp.moonPay.sandboxPublishableKey}`;
    const poll = () =>
      hostPage.evaluate(async (url) => {
        const response = await fetch(url);
        return { status: response.status, body: await response.json() };
      }, statusUrl);
    expect((await poll()).status).toBe(404);

    const widget = await context.newPage();
    const wallet = '0x000000000000000000000000000000000000bEEF';
    await widget.goto(
      signedWidgetUrl(idp, { walletAddress: wallet, currencyCode: 'eth', externalTransactionId, redirectURL: hostUrl }),
    );
    await widget.getByRole('heading', { name: 'Buy ETH' }).waitFor();
    expect(await widget.getByText("This is Latch's local stand-in for MoonPay, not the real provider.").count()).toBe(
      1,
    );
    expect(await widget.getByText(wallet).count()).toBe(1);
    // The stylesheet applied (served by the stand-in itself under its CSP): the primary button is blue.
    const complete = widget.getByRole('button', { name: 'Complete purchase' });
    expect(await complete.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(37, 99, 235)');
    await widget.getByRole('button', { name: 'Fail', exact: true }).click();
    await widget.getByText('Purchase failed: The tester picked "Fail" on the stand-in\'s page.').waitFor();
    expect(await widget.getByRole('link', { name: 'Back to the app' }).getAttribute('href')).toBe(hostUrl);

    const answer = await poll();
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject([{ status: 'failed', externalTransactionId, walletAddress: wallet }]);
  } finally {
    await context.close();
  }
}, 60_000);
