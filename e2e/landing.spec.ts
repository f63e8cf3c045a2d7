import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoApp, launchBrowser, openDemo, saveScreenshot, seriousA11yViolations, stack } from './support.js';

// The walking skeleton (issue: foundation): host page → server → database → back, as a new user.
describe('walking skeleton', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('serves the app config from the database, and refuses unknown and malformed app ids', async () => {
    const { apiUrl } = stack();
    const { appId } = demoApp();
    const config = await fetch(`${apiUrl}/api/v1/apps/${appId}`);
    expect(config.status).toBe(200);
    const body = (await config.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ id: appId, name: 'Latch Demo', email_auth: true, sms_auth: true });
    expect(String(body.verification_key)).toContain('BEGIN PUBLIC KEY');

    const unknown = await fetch(`${apiUrl}/api/v1/apps/${'z'.repeat(25)}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: 'app_not_found' });

    const malformed = await fetch(`${apiUrl}/api/v1/apps/short`);
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: 'invalid_app_id' });
  });

  it('opens the landing screen from the demo’s Log in button', async () => {
    const page = await browser.newPage();
    await openDemo(page);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible(), { timeout: 20_000 }).toBe(true);
    await expect
      .poll(() => dialog.getByRole('heading', { name: 'Log in or sign up' }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    // The demo app enables email and SMS: both inputs are on the landing screen. The phone form is a lazy
    // chunk (preloaded once the config enables SMS), so it may arrive a moment after the email input.
    expect(await dialog.getByRole('textbox', { name: /email/i }).count()).toBe(1);
    await expect.poll(() => dialog.getByRole('textbox', { name: /phone/i }).count(), { timeout: 20_000 }).toBe(1);
    await saveScreenshot(page, 'landing');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.close();
  });

  it('shows the dev outbox page in dev mode', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${stack().apiUrl}/dev/outbox`);
    expect(response?.status()).toBe(200);
    expect(await page.title()).toMatch(/outbox/i);
    await page.close();
  });
});
