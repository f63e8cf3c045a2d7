import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInWithAuthenticator, MFA_CONFIG, openSecurity, submitMfaCode } from './mfaSteps.js';
import { createApp, launchBrowser, openDemo, saveScreenshot, type TestApp } from './support.js';
import { checkScreen, dialog, loginByEmail, newUserPage, stepUpWithCode, visible } from './widgetSteps.js';

/**
 * Issue #13, the widget's MFA (C2b): enrolment through the demo's 'Security' item, the 'Verify your identity'
 * prompt in front of a wallet export (the authenticator app here; SMS, required MFA and the host's own prompt in
 * mfaOptions.spec.ts), on the real stack (server, wallet frame, Chromium). The authenticator
 * app is a real RFC 6238 one: the QR code on the screen is read back (rasterised in the page, decoded by
 * jsQR) and `otpauth` computes the codes from the URL it carries.
 */

describe('MFA in the widget', () => {
  let browser: Browser;
  let app: TestApp;
  beforeAll(async () => {
    browser = await launchBrowser();
    app = await createApp({ name: 'MFA Co', config: MFA_CONFIG });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('enrols the authenticator app from its QR code, and a wallet export waits for MFA after a new login', async () => {
    const page = await newUserPage(browser);
    await openDemo(page, app);
    const { email, authenticator } = await loggedInWithAuthenticator(page, 'mfa-totp', true);
    // Log out and in again: a new session holds no verification.
    await page.getByRole('button', { name: 'Log out' }).click();
    await visible(page.getByRole('button', { name: 'Log in', exact: true }));
    await loginByEmail(page, email);
    await visible(page.getByTestId('embedded-wallet-ready').getByText('ready'), 30_000);

    // The export is blocked until MFA passes: the prompt comes first.
    await page.getByRole('button', { name: 'Export wallet' }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Verify your identity' }), 30_000);
    expect(await page.getByRole('heading', { name: 'Transfer Wallet' }).count()).toBe(0);
    // The demo's own prompt shows only with noPromptOnMfaRequired (last test).
    expect(await page.getByTestId('host-mfa-prompt').count()).toBe(0);
    await checkScreen(page, 'mfa-prompt');

    // SPEC §5: the code's shape is checked before anything is sent.
    await submitMfaCode(page, '1234567');
    await visible(dialog(page).getByText('Passcode must be exactly 6 numbers'));
    await dialog(page).getByRole('textbox', { name: 'Verification code' }).fill('12ab56');
    await visible(dialog(page).getByText('Passcode can only be numbers'));
    await saveScreenshot(page, 'mfa-prompt-code-shape');

    // A wrong code: SPEC §8's text, the prompt stays.
    await submitMfaCode(page, authenticator.wrongCode());
    await visible(dialog(page).getByText('The code you entered is not valid'));
    await saveScreenshot(page, 'mfa-prompt-wrong-code');
    expect(await page.getByRole('heading', { name: 'Transfer Wallet' }).count()).toBe(0);

    // The right code: the prompt closes and the export page opens.
    await submitMfaCode(page, await authenticator.code());
    await visible(page.getByRole('dialog').getByRole('heading', { name: 'Transfer Wallet' }), 30_000);
    await saveScreenshot(page, 'mfa-export-after-verify');
    await page.close();
  }, 180_000);

  it("MFA-06: the prompt's 'Use a recovery code' takes a saved code in place of the authenticator's", async () => {
    const page = await newUserPage(browser);
    await openDemo(page, app);
    const { authenticator } = await loggedInWithAuthenticator(page, 'mfa-recovery');
    await page.getByRole('button', { name: 'Export wallet' }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Verify your identity' }), 30_000);
    await dialog(page).getByRole('button', { name: 'Use a recovery code' }).click();
    const field = dialog(page).getByRole('textbox', { name: 'Recovery code' });
    await field.fill('aaaa-aaaa-aaaa-aaaa');
    await dialog(page).getByRole('button', { name: 'Verify' }).click();
    await visible(dialog(page).getByText('The code you entered is not valid'));
    expect(await page.getByRole('heading', { name: 'Transfer Wallet' }).count()).toBe(0);
    await field.fill(authenticator.recoveryCodes[0]!.toUpperCase());
    await dialog(page).getByRole('button', { name: 'Verify' }).click();
    await visible(page.getByRole('dialog').getByRole('heading', { name: 'Transfer Wallet' }), 30_000);
    await page.close();
  });

  it("'Not now' cancels the prompt and the export does not open; removing the method needs a verification", async () => {
    const page = await newUserPage(browser);
    await openDemo(page, app);
    const { email, authenticator } = await loggedInWithAuthenticator(page, 'mfa-cancel');
    await page.getByRole('button', { name: 'Export wallet' }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Verify your identity' }), 30_000);
    await dialog(page).getByRole('button', { name: 'Not now' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await visible(page.getByTestId('embedded-wallet-error').getByText('MFA canceled'));
    expect(await page.getByRole('heading', { name: 'Transfer Wallet' }).count()).toBe(0);

    // Removing the method: confirmed first, then verified (SPEC §5), the prompt over the enrolment dialog.
    await openSecurity(page);
    await dialog(page).getByRole('button', { name: 'Continue' }).click();
    await dialog(page).getByRole('button', { name: 'Remove Authenticator App' }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Remove the authenticator app?' }));
    await checkScreen(page, 'mfa-remove-totp');
    await dialog(page).getByRole('button', { name: 'Remove', exact: true }).click();
    const prompt = page.locator('dialog[data-latch-mfa-prompt]');
    await visible(prompt.getByRole('heading', { name: 'Verify your identity' }));
    await saveScreenshot(page, 'mfa-remove-prompt');
    await prompt.getByRole('textbox', { name: 'Verification code' }).fill(await authenticator.code());
    await prompt.getByRole('button', { name: 'Verify' }).click();
    // Then the step-up of every MFA change (issue #24): the login email confirms it.
    await stepUpWithCode(page, email);
    await visible(dialog(page).getByRole('heading', { name: 'Verification method removed' }));
    await dialog(page).getByRole('button', { name: 'Done' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await visible(page.getByTestId('user-mfa-methods').getByText('none'));
    await page.close();
  }, 180_000);
});
