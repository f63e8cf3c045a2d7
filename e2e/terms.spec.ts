import { ADMIN_API } from '@latch/protocol';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runCli } from '../scripts/stack.mjs';
import { createApp, type DemoTiming, launchBrowser, openDemo, stack, type TestApp, uniqueEmail } from './support.js';
import {
  checkScreen,
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

  /** The app's backend deletes the user with this email (admin API, with an app secret made by the CLI). */
  async function deleteUserByEmail(email: string): Promise<void> {
    // The suite's stack runs on its own embedded database: the CLI opens that one (as freshAppVite.spec.ts).
    const created = await runCli(['apps', 'secret', 'create', app.appId], {
      LATCH_DEV: '1',
      LATCH_DATA_DIR: inject('dataDir'),
      DATABASE_URL: '',
      REDIS_URL: '',
    });
    const { secret } = JSON.parse(created.trim().split('\n').at(-1) ?? '{}') as { secret: string };
    const headers = {
      authorization: `Basic ${Buffer.from(`${app.appId}:${secret}`).toString('base64')}`,
      'content-type': 'application/json',
    };
    const { apiUrl } = stack();
    const found = await fetch(`${apiUrl}${ADMIN_API.userByEmail}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ address: email }),
    });
    expect(found.status).toBe(200);
    const { id } = (await found.json()) as { id: string };
    const deleted = await fetch(`${apiUrl}${ADMIN_API.user(id)}`, { method: 'DELETE', headers });
    expect(deleted.ok).toBe(true);
  }

  it("LOGIN_FAILED_SCREEN: the login's last step fails ('Could not log in'), the user is signed out, 'Try again' starts over", async () => {
    const page = await newUserPage(browser);
    const email = uniqueEmail('login-failed');
    await reachConsent(page, email);
    // Between the code and Accept, the app's backend removes the user: accepting the terms is refused.
    await deleteUserByEmail(email);
    await dialog(page).getByRole('button', { name: 'Accept' }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Could not log in' }));
    await visible(dialog(page).getByText('Something went wrong. Try again.'));
    await checkScreen(page, 'login-failed');
    // A login whose last step failed is no login: nobody is signed in, now or after a reload.
    expect(await demoField(page, 'user-id')).toBeNull();
    await dialog(page).getByRole('button', { name: 'Try again' }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Log in or sign up' }));
    await page.reload();
    await visible(page.getByRole('button', { name: 'Log in', exact: true }));
    expect(await demoField(page, 'user-id')).toBeNull();
    await page.close();
  });
});
