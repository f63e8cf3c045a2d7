import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, launchBrowser, openDemo, uniqueEmail } from './support.js';
import {
  checkScreenInBothSchemes,
  dialog,
  enterCodeFor,
  loginByEmail,
  newUserPage,
  openLogin,
  seenCodes,
  submitEmail,
  visible,
} from './widgetSteps.js';

// Server-side access rules shown by the widget: the allowlist and the user cap.
describe('access rules', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  it("light: shows the allowlist rejection screen with the app's texts, and its button goes back to LANDING", async () => {
    const scheme = 'light';
    const app = await createApp({
      name: 'Invite Only',
      allowlist: ['member@example.com'],
      config: {
        email_auth: true,
        color_scheme: scheme,
        allowlist_config: {
          error_title: 'Members only',
          error_detail: 'Ask a member for an invitation.',
          cta_text: 'Use another email',
          cta_link: null,
        },
      },
    });
    const page = await newUserPage(browser);
    await openDemo(page, app);
    await openLogin(page);
    const email = uniqueEmail('stranger');
    const seen = await seenCodes(email);
    await submitEmail(page, email);
    await enterCodeFor(page, email, seen);
    await visible(dialog(page).getByRole('heading', { name: 'Members only' }));
    expect(await dialog(page).textContent()).toContain('Ask a member for an invitation.');
    await checkScreenInBothSchemes(page, 'allowlist-1024');
    await dialog(page).getByRole('button', { name: 'Use another email' }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Log in or sign up' }));
    await page.close();
  });

  it('dark: shows the user-limit screen when the app is full, with Go back', async () => {
    const scheme = 'dark';
    const app = await createApp({
      name: 'Tiny App',
      max_users: 1,
      config: { email_auth: true, color_scheme: scheme },
    });
    const page = await newUserPage(browser);
    await openDemo(page, app);
    await loginByEmail(page, uniqueEmail('first'));
    await page.getByRole('button', { name: 'Log out' }).click();
    await openLogin(page);
    const email = uniqueEmail('second');
    const seen = await seenCodes(email);
    await submitEmail(page, email);
    await enterCodeFor(page, email, seen);
    await visible(dialog(page).getByRole('heading', { name: 'Unable to sign in' }));
    expect(await dialog(page).textContent()).toContain(
      'This application has reached its user limit and cannot sign in new users.',
    );
    await checkScreenInBothSchemes(page, 'user-limit-1024');
    await dialog(page).getByRole('button', { name: 'Go back' }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Log in or sign up' }));
    await page.close();
  });
});
