import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  enrolAuthenticatorApp,
  loggedInWithAuthenticator,
  MFA_CONFIG,
  openSecurity,
  saveRecoveryCodes,
  submitMfaCode,
} from './mfaSteps.js';
import {
  createApp,
  demoQuery,
  latestCode,
  launchBrowser,
  openDemo,
  saveScreenshot,
  stack,
  type TestApp,
  uniqueEmail,
} from './support.js';
import { dialog, loginByEmail, newUserPage, seenCodes, stepUpWithCode, uniquePhone, visible } from './widgetSteps.js';

// Issue #13, the widget's MFA on the real stack, continued from mfa.spec.ts: the SMS method, an app that requires MFA,
// and a host that answers MFA itself (noPromptOnMfaRequired).

describe('MFA in the widget: SMS, required MFA, the host prompt', () => {
  let browser: Browser;
  let app: TestApp;
  beforeAll(async () => {
    browser = await launchBrowser();
    app = await createApp({ name: 'MFA Co', config: MFA_CONFIG });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('enrols SMS through the dev outbox and verifies with an SMS code', async () => {
    const page = await newUserPage(browser);
    await openDemo(page, app);
    const email = uniqueEmail('mfa-sms');
    await loginByEmail(page, email);
    await visible(page.getByTestId('embedded-wallet-ready').getByText('ready'), 30_000);
    await openSecurity(page);
    await dialog(page).getByRole('button', { name: 'Continue' }).click();
    await dialog(page).getByRole('button', { name: /^SMS/ }).click();
    const phone = uniquePhone();
    const input = dialog(page).getByRole('textbox', { name: 'Phone number' });
    await page.waitForFunction(
      () => (document.querySelector('[data-latch-root] select')?.childElementCount ?? 0) > 200,
    );
    await input.pressSequentially(phone.national);
    await saveScreenshot(page, 'mfa-sms-phone');
    let seen = await seenCodes(phone.e164);
    await dialog(page).getByRole('button', { name: 'Send code' }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Enter the code we sent' }));
    const code = await latestCode(phone.e164, seen);
    // SPEC §5 on the enrolment code too.
    await submitMfaCode(page, `${code}1`);
    await visible(dialog(page).getByText('Passcode must be exactly 6 numbers'));
    await saveScreenshot(page, 'mfa-sms-code');
    await submitMfaCode(page, code);
    // The enrolment steps up first (issue #24): a code to the login email; the SMS code typed is not spent.
    await stepUpWithCode(page, email);
    await saveRecoveryCodes(page);
    await visible(dialog(page).getByRole('heading', { name: 'SMS verification added' }));
    await dialog(page).getByRole('button', { name: 'Done' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await visible(page.getByTestId('user-mfa-methods').getByText('sms'));

    // The export asks for an SMS code sent to the enrolled phone.
    seen = await seenCodes(phone.e164);
    await page.getByRole('button', { name: 'Export wallet' }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Verify your identity' }), 30_000);
    const verifyCode = await latestCode(phone.e164, seen);
    await submitMfaCode(page, verifyCode);
    await visible(page.getByRole('dialog').getByRole('heading', { name: 'Transfer Wallet' }), 30_000);
    await page.close();
  });

  it('an app that requires MFA takes a user without a method to enrolment before the export', async () => {
    const required = await createApp({ name: 'MFA Required Co', config: { ...MFA_CONFIG, mfa_required: true } });
    const page = await newUserPage(browser);
    await openDemo(page, required);
    const email = uniqueEmail('mfa-required');
    await loginByEmail(page, email);
    await visible(page.getByTestId('embedded-wallet-ready').getByText('ready'), 30_000);
    await page.getByRole('button', { name: 'Export wallet' }).click();
    const authenticator = await enrolAuthenticatorApp(page, email, false, true);
    // Enrolled: the export now asks for the new method, then opens.
    await visible(dialog(page).getByRole('heading', { name: 'Verify your identity' }), 30_000);
    await submitMfaCode(page, await authenticator.code());
    await visible(page.getByRole('dialog').getByRole('heading', { name: 'Transfer Wallet' }), 30_000);
    await page.close();
  });

  it('with noPromptOnMfaRequired the host answers through useMfa(): no widget prompt, same enforcement', async () => {
    const page = await newUserPage(browser);
    await page.goto(`${stack().demoUrl}/?${demoQuery(app, { noPromptOnMfaRequired: '1' })}`);
    const { authenticator } = await loggedInWithAuthenticator(page, 'mfa-host');
    await page.getByRole('button', { name: 'Export wallet' }).click();
    // The demo's own form shows the pending request; the widget opens no dialog.
    await visible(page.getByTestId('host-mfa-action').getByText('export'), 30_000);
    expect(await dialog(page).count()).toBe(0);
    await page.getByRole('textbox', { name: 'Host MFA code' }).fill(authenticator.wrongCode());
    await page.getByRole('button', { name: 'Host verify' }).click();
    await visible(page.getByTestId('host-mfa-status'));
    expect(await page.getByRole('heading', { name: 'Transfer Wallet' }).count()).toBe(0);
    await page.getByRole('textbox', { name: 'Host MFA code' }).fill(await authenticator.code());
    await page.getByRole('button', { name: 'Host verify' }).click();
    await visible(page.getByRole('dialog').getByRole('heading', { name: 'Transfer Wallet' }), 30_000);
    await page.close();
  });
});
