import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, launchBrowser, openDemo, type TestApp, uniqueEmail } from './support.js';
import {
  checkScreen,
  demoField,
  dialog,
  enterCodeFor,
  expectSuccessAndClose,
  loginByEmail,
  newUserPage,
  seenCodes,
  stepUpWithCode,
  submitEmail,
  submitPhone,
  uniquePhone,
  visible,
} from './widgetSteps.js';

// After login: link a phone and unlink it; update the email with a code sent to the new address. Each change
// first steps up (issue #24) with a factor the user had before this session: the login's email or phone.
describe('linking', () => {
  let browser: Browser;
  let app: TestApp;
  beforeAll(async () => {
    browser = await launchBrowser();
    app = await createApp({ name: 'Link Co', config: { email_auth: true, sms_auth: true } });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('links a phone with its SMS code, then unlinks it', async () => {
    const page = await newUserPage(browser);
    await openDemo(page, app);
    const email = uniqueEmail('link-phone');
    await loginByEmail(page, email);
    await page.getByRole('button', { name: 'Link phone' }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Connect your phone' }));
    await checkScreen(page, 'link-phone-light-1024');
    const phone = uniquePhone();
    const seen = await seenCodes(phone.e164);
    await submitPhone(page, phone.national);
    await enterCodeFor(page, phone.e164, seen);
    await expectSuccessAndClose(page, () => stepUpWithCode(page, email));
    await visible(page.getByTestId('user-phone').getByText(phone.e164));

    await page.getByRole('button', { name: 'Unlink phone' }).click();
    await stepUpWithCode(page, email);
    await visible(page.getByTestId('demo-status').getByText('Unlink phone: done'));
    expect(await demoField(page, 'user-phone')).toBe('—');
    await page.close();
  });

  it('links an email to a phone user, updates it with a confirmation code, then unlinks it', async () => {
    const page = await newUserPage(browser);
    await openDemo(page, app);
    // Log in by SMS so the email is the second account and can be unlinked.
    const phone = uniquePhone();
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    let seen = await seenCodes(phone.e164);
    await submitPhone(page, phone.national);
    await expectSuccessAndClose(page, () => enterCodeFor(page, phone.e164, seen));

    const first = uniqueEmail('linked');
    await page.getByRole('button', { name: 'Link email' }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Connect your email' }));
    await checkScreen(page, 'link-email-light-1024');
    seen = await seenCodes(first);
    await submitEmail(page, first);
    await enterCodeFor(page, first, seen);
    // The email is new in this session: the phone the user logged in with confirms each change.
    await expectSuccessAndClose(page, () => stepUpWithCode(page, phone.e164));
    await visible(page.getByTestId('user-email').getByText(first));

    const second = uniqueEmail('updated');
    await page.getByRole('button', { name: 'Update email' }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Update your email' }));
    expect(await dialog(page).textContent()).toContain(first);
    await checkScreen(page, 'update-email-light-1024');
    seen = await seenCodes(second);
    await submitEmail(page, second);
    await enterCodeFor(page, second, seen);
    await expectSuccessAndClose(page, () => stepUpWithCode(page, phone.e164));
    await visible(page.getByTestId('user-email').getByText(second));

    await page.getByRole('button', { name: 'Unlink email' }).click();
    await stepUpWithCode(page, phone.e164);
    await visible(page.getByTestId('demo-status').getByText('Unlink email: done'));
    expect(await demoField(page, 'user-email')).toBe('—');
    expect(await demoField(page, 'user-phone')).toBe(phone.e164);
    await page.close();
  });

  it('closing a link flow leaves the user as they were', async () => {
    const page = await newUserPage(browser);
    await openDemo(page, app);
    const email = uniqueEmail('link-exit');
    await loginByEmail(page, email);
    await page.getByRole('button', { name: 'Link phone' }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Connect your phone' }));
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    expect(await demoField(page, 'user-email')).toBe(email);
    expect(await demoField(page, 'user-phone')).toBe('—');
    await page.close();
  });
});
