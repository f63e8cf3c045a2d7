import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, launchBrowser, openDemo, uniqueEmail } from './support.js';
import { demoField, loginByEmail, newUserPage, visible } from './widgetSteps.js';

// An access token that lives 60 s (the server's minimum) is stale after 30 s (30 s margin): the client refreshes it silently.
describe('session', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('refreshes an expired access token silently, across a reload', async () => {
    const app = await createApp({ name: 'Short Tokens', access_token_ttl_seconds: 60, config: { email_auth: true } });
    const page = await newUserPage(browser);
    const refreshes: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/v1/sessions') && response.request().method() === 'POST') {
        refreshes.push(response.status());
      }
    });
    await openDemo(page, app);
    const email = uniqueEmail('refresh');
    await loginByEmail(page, email);
    const userId = await demoField(page, 'user-id');

    expect(refreshes).toEqual([]);

    // Let the 30 s of usable validity pass: asking for the token refreshes it without any prompt.
    await page.waitForTimeout(31_000);
    await page.getByRole('button', { name: 'Get access token' }).click();
    await visible(page.getByTestId('demo-status').getByText(/^Access token: /));
    expect(refreshes).toEqual([200]);
    expect(await demoField(page, 'user-id')).toBe(userId);

    // The session survives a reload with the refreshed tokens.
    await page.reload();
    await visible(page.getByTestId('user-id'));
    expect(await demoField(page, 'user-id')).toBe(userId);
    expect(refreshes.every((status) => status === 200)).toBe(true);
    await page.close();
  });
});
