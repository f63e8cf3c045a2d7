import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type DemoTiming, launchBrowser, openDemo, type TestApp, uniqueEmail } from './support.js';
import {
  demoField,
  dialog,
  enterCodeFor,
  newUserPage,
  openLogin,
  seenCodes,
  submitEmail,
  visible,
} from './widgetSteps.js';

// Terms required: after 'Success!' the consent screen asks; only Accept completes the login.
describe('affirmative consent', () => {
  let browser: Browser;
  let app: TestApp;
  beforeAll(async () => {
    browser = await launchBrowser();
    app = await createApp({
      name: 'Terms Co',
      config: {
        email_auth: true,
        require_users_accept_terms: true,
        terms_and_conditions_url: 'https://terms.example/terms',
        privacy_policy_url: 'https://terms.example/privacy',
      },
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  // What the landing and 'One last step' show (no implicit consent line; SPEC's text, the terms and policy links)
  // is packages/react/src/screens/auth/landingAndConsent.test.tsx's; their accessibility is screens.spec.ts's sweep.
  async function reachConsent(page: Page, email: string, timing: DemoTiming = {}): Promise<void> {
    await openDemo(page, app, timing);
    await openLogin(page);
    const seen = await seenCodes(email);
    await submitEmail(page, email);
    await enterCodeFor(page, email, seen);
    await visible(dialog(page).getByRole('heading', { name: 'One last step' }));
  }

  it("'One last step' → Accept logs the user in", async () => {
    const page = await newUserPage(browser);
    const email = uniqueEmail('accept');
    // Real time: 'Success!' moves on to the consent screen after SPEC's 900 ms (DELAY.beforeConsentOrWalletCreate).
    await reachConsent(page, email, { realTime: true });
    await dialog(page).getByRole('button', { name: 'Accept' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await visible(page.getByTestId('user-email'));
    expect(await demoField(page, 'user-email')).toBe(email);
    // Accepted once: the next login skips the consent screen.
    await page.getByRole('button', { name: 'Log out' }).click();
    await openLogin(page);
    const seen = await seenCodes(email);
    await submitEmail(page, email);
    await enterCodeFor(page, email, seen);
    await dialog(page).waitFor({ state: 'detached' });
    expect(await demoField(page, 'user-email')).toBe(email);
    await page.close();
  });

  it("'No thanks' leaves the user logged out", async () => {
    const page = await newUserPage(browser);
    await reachConsent(page, uniqueEmail('decline'));
    await dialog(page).getByRole('button', { name: 'No thanks' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await visible(page.getByRole('button', { name: 'Log in', exact: true }));
    await page.reload();
    await visible(page.getByRole('button', { name: 'Log in', exact: true }));
    expect(await demoField(page, 'user-id')).toBeNull();
    await page.close();
  });
});
