import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, launchBrowser, openDemo, uniqueEmail } from './support.js';
import { demoField, loginByEmail, newUserPage, visible } from './widgetSteps.js';

// An access token that lives 60 s (the server's minimum) is stale after 30 s (30 s margin): the client refreshes it silently.
// The page's clock (Playwright's, installed before the page loads) is moved 31 s ahead instead of waiting them out:
// the client then holds a token it counts expired, exactly as after a real 31 s; the server's time stays real.
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
    await page.clock.install();
    await openDemo(page, app);
    const email = uniqueEmail('refresh');
    await loginByEmail(page, email);
    const userId = await demoField(page, 'user-id');

    expect(refreshes).toEqual([]);

    // The 30 s of usable validity pass (on the page's clock): asking for the token refreshes it without any prompt.
    // The refresh request, sent because the client counted its token expired, puts the page back on the server's
    // time before the answer arrives: the new token is then as fresh to the client as the server made it.
    await page.route('**/api/v1/sessions', async (route) => {
      if (route.request().method() === 'POST') await page.clock.setSystemTime(Date.now());
      await route.fallback();
    });
    await page.clock.setSystemTime(Date.now() + 31_000);
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
