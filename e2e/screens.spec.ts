import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, launchBrowser, openDemo, uniqueEmail } from './support.js';
import {
  checkScreenInBothSchemes,
  dialog,
  enterCodeFor,
  newUserPage,
  openLogin,
  seenCodes,
  submitEmail,
  visible,
} from './widgetSteps.js';

const dialogWidth = (page: Page) =>
  page.evaluate(() => document.querySelector('dialog')?.getBoundingClientRect().width);

// Every screen of a login in both colour schemes, on a desktop and a phone-sized window (the accessibility sweep):
// screenshots for a person to look at, axe-core for machines, and the SPEC widths. What the screens say is
// the screen tests' (packages/react/src/screens/*.test.tsx, ssr.test.tsx: no unbuilt 'Not available yet' method).
describe('screens in light and dark, desktop and mobile', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  // Each width runs the journey once, in the app's scheme; every screen is checked in both schemes
  // (checkScreenInBothSchemes: the schemes are CSS keyed on the root's data-latch-theme).
  for (const [scheme, width] of [
    ['light', 1024],
    ['dark', 400],
  ] as const) {
    it(`${scheme} at ${width} px: landing, code, error and consent screens, each in both schemes`, async () => {
      const app = await createApp({
        name: `Screens ${scheme}`,
        config: {
          email_auth: true,
          sms_auth: true,
          color_scheme: scheme,
          accent_color: scheme === 'dark' ? '#F97316' : '#676FFF',
          login_message: 'Welcome back! Sign in to pick up where you left off.',
          require_users_accept_terms: true,
          terms_and_conditions_url: 'https://screens.example/terms',
          privacy_policy_url: 'https://screens.example/privacy',
        },
      });
      const page = await newUserPage(browser, width);
      await openDemo(page, app);
      await openLogin(page);
      expect(await page.locator('dialog').getAttribute('data-latch-theme')).toBe(scheme);
      // 360 px from 440 px up; the full width of a narrower window.
      expect(await dialogWidth(page)).toBe(width >= 440 ? 360 : width);
      await checkScreenInBothSchemes(page, `landing-${width}`);

      // Five sends are allowed per address; the sixth (the fifth resend) is refused: ERROR_SCREEN.
      const email = uniqueEmail(`screens-${scheme}`);
      await submitEmail(page, email);
      await checkScreenInBothSchemes(page, `code-${width}`);
      for (let i = 0; i < 5; i++) {
        await dialog(page).getByRole('button', { name: 'Resend code' }).click();
        await page.waitForFunction(
          () => !document.querySelector<HTMLButtonElement>('[data-latch-root] .latch-link')?.disabled,
        );
      }
      await visible(dialog(page).getByRole('heading', { name: 'Request failed' }));
      expect(await dialog(page).textContent()).toContain('Too many attempts.');
      await checkScreenInBothSchemes(page, `error-${width}`);
      await dialog(page).getByRole('button', { name: 'Try again later' }).click();
      await visible(dialog(page).getByRole('heading', { name: 'Log in or sign up' }));

      // A fresh address reaches the consent screen.
      const fresh = uniqueEmail(`consent-${scheme}`);
      const seen = await seenCodes(fresh);
      await submitEmail(page, fresh);
      await enterCodeFor(page, fresh, seen);
      await visible(dialog(page).getByRole('heading', { name: 'One last step' }));
      await checkScreenInBothSchemes(page, `consent-${width}`);
      await page.close();
    });
  }
});
