import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, demoQuery, launchBrowser, openDemo, stack, type TestApp, uniqueEmail } from './support.js';
import {
  checkScreen,
  demoField,
  dialog,
  enterCodeFor,
  newUserPage,
  openLogin,
  seenCodes,
  visible,
} from './widgetSteps.js';

// The built login methods; SPEC's layouts with more methods are covered by core's landingLayout tests, and what
// each layout renders by packages/react/src/screens/auth/landingAndConsent.test.tsx (the grouped one moved there).
const METHODS = { email_auth: true, sms_auth: true, wallet_auth: true };

/** The accessible names of the landing list's entries, in order (polled: the phone form is a lazy chunk that may arrive a moment after the dialog opens). */
const entries = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-latch-root] .latch-list > *')].map((el) =>
      el.tagName === 'FORM' ? `input:${el.querySelector('input')?.type}` : (el.firstChild?.textContent ?? ''),
    ),
  );

// SPEC §2/§9 landing layouts as a user sees them, and the standalone embed.
describe('landing layouts', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("primary order: the primaries, then 'More options', which opens the rest with a back button", async () => {
    const app = await createApp({
      config: { ...METHODS, login_methods_and_order: { primary: ['sms'], overflow: ['email'] } },
    });
    const page = await newUserPage(browser);
    await openDemo(page, app);
    await openLogin(page);
    await expect.poll(() => entries(page), { timeout: 20_000 }).toEqual(['input:tel', 'More options']);
    await dialog(page).getByRole('button', { name: 'More options' }).click();
    await visible(dialog(page).getByRole('heading', { name: 'More options' }));
    await expect.poll(() => entries(page), { timeout: 20_000 }).toEqual(['Continue with Email']);
    await checkScreen(page, 'landing-more-options-light-1024');
    await dialog(page).getByRole('button', { name: 'Continue with Email' }).click();
    await visible(dialog(page).getByRole('textbox', { name: 'Email address' }));
    await dialog(page).getByRole('button', { name: 'Back' }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Log in or sign up' }));
    await page.close();
  });

  it('the standalone embed shows LANDING inline and logs the user in', async () => {
    const app: TestApp = await createApp({ config: { email_auth: true } });
    const page = await newUserPage(browser);
    await page.goto(`${stack().demoUrl}/?${demoQuery(app, { embed: '1' })}`);
    const embed = page.locator('section[data-latch-root]');
    await visible(embed.getByRole('heading', { name: 'Log in or sign up' }));
    expect(await page.locator('dialog').count()).toBe(0);
    expect(await embed.getByRole('button', { name: 'Close' }).count()).toBe(0);
    await checkScreen(page, 'embed-light-1024');
    const email = uniqueEmail('embed');
    const seen = await seenCodes(email);
    const input = embed.getByRole('textbox', { name: /email/i });
    await input.fill(email);
    await input.press('Enter');
    await visible(embed.getByRole('group'));
    await enterCodeFor(page, email, seen);
    await visible(page.getByTestId('user-email'));
    expect(await demoField(page, 'user-email')).toBe(email);
    await page.close();
  });
});
