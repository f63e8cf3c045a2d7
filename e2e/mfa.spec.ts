import jsQR from 'jsqr';
import { TOTP, URI } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import {
  checkScreen,
  dialog,
  loginByEmail,
  newUserPage,
  seenCodes,
  stepUpWithCode,
  uniquePhone,
  visible,
} from './widgetSteps.js';

/**
 * Issue #13, the widget's MFA (C2b): enrolment through the demo's 'Security' item, the 'Verify your identity'
 * prompt in front of a wallet export, on the real stack (server, wallet frame, Chromium). The authenticator
 * app is a real RFC 6238 one: the QR code on the screen is read back (rasterised in the page, decoded by
 * jsQR) and `otpauth` computes the codes from the URL it carries.
 */

const MFA_CONFIG = {
  email_auth: true,
  sms_auth: false,
  mfa_methods: ['totp', 'sms', 'passkey'],
  embedded_wallet_config: { create_on_login: 'users-without-wallets' },
};

/** Rasterises the authenticator-app QR code's SVG in the page, as a camera would see it, and decodes it. */
async function readTotpQr(page: Page): Promise<string> {
  const image = await page.evaluate(async () => {
    const svg = document.querySelector('[data-latch-root] [data-latch-totp-qr] svg') as SVGSVGElement;
    const side = 480;
    const img = new Image();
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = side;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, side, side);
    context.drawImage(img, 0, 0, side, side);
    return { side, data: Array.from(context.getImageData(0, 0, side, side).data) };
  });
  const decoded = jsQR(Uint8ClampedArray.from(image.data), image.side, image.side)?.data;
  if (!decoded) throw new Error('The QR code on the screen does not decode.');
  return decoded;
}

/**
 * The user's authenticator app: the codes for the secret the QR code carries. The server never takes a
 * time step twice (RFC 6238 §5.2), so each code is for a step after the last one used: the current step,
 * or the next (the server allows one step of drift). Two codes therefore never wait; a third within the
 * same 30 s would have to wait for the server's clock, so the app refuses it instead of sleeping.
 */
function authenticatorApp(authUrl: string) {
  const totp = URI.parse(authUrl);
  if (!(totp instanceof TOTP)) throw new Error(`Not a TOTP URL: ${authUrl}`);
  let lastStep = -1;
  const stepOf = (ms: number) => Math.floor(ms / 1000 / totp.period);
  return {
    totp,
    async code(): Promise<string> {
      const now = stepOf(Date.now());
      const step = Math.max(now, lastStep + 1);
      if (step > now + 1) throw new Error('A third TOTP code within one time step: the server would refuse it.');
      lastStep = step;
      return totp.generate({ timestamp: step * totp.period * 1000 });
    },
    /** A well-formed code the app would not show now (for the wrong-code case). */
    wrongCode(): string {
      const now = stepOf(Date.now());
      const valid = new Set(
        [now - 1, now, now + 1].map((step) => totp.generate({ timestamp: step * totp.period * 1000 })),
      );
      for (let n = 0; ; n += 1) {
        const candidate = String(n).padStart(6, '0');
        if (!valid.has(candidate)) return candidate;
      }
    },
  };
}

/** Types a code into the MFA code field of the open dialog and presses Verify. */
async function submitMfaCode(page: Page, code: string): Promise<void> {
  const field = dialog(page).getByRole('textbox', { name: 'Verification code' });
  await field.fill(code);
  await dialog(page).getByRole('button', { name: 'Verify' }).click();
}

/** After a first enrolment: 'Save your recovery codes' lists 10 codes once (MFA-06); Continue. Returns them. */
async function saveRecoveryCodes(page: Page, screenshot = false): Promise<string[]> {
  await visible(dialog(page).getByRole('heading', { name: 'Save your recovery codes' }));
  const codes = await dialog(page)
    .getByRole('list', { name: 'Save your recovery codes' })
    .getByRole('listitem')
    .allTextContents();
  expect(codes).toHaveLength(10);
  for (const code of codes) expect(code).toMatch(/^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/);
  await visible(dialog(page).getByRole('button', { name: 'Download' }));
  if (screenshot) await saveScreenshot(page, 'mfa-recovery-codes');
  await dialog(page).getByRole('button', { name: 'Continue' }).click();
  return codes;
}

/** Opens the demo's 'Security' item: the enrolment modal. */
async function openSecurity(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Security' }).click();
  await visible(dialog(page).getByRole('heading', { name: 'Transaction Protection' }));
}

/**
 * Enrols the authenticator app from the demo, reading the QR code back; returns the app. Its setup first steps up
 * (issue #24, `manage_mfa`) with a code to the user's login `email`.
 */
async function enrolAuthenticatorApp(page: Page, email: string, screenshots = false, fromIntro = false) {
  if (!fromIntro) await openSecurity(page);
  else await visible(dialog(page).getByRole('heading', { name: 'Transaction Protection' }), 30_000);
  if (screenshots) await checkScreen(page, 'mfa-intro');
  await dialog(page).getByRole('button', { name: 'Continue' }).click();
  await visible(dialog(page).getByText('Recommended'));
  if (screenshots) await checkScreen(page, 'mfa-select');
  await dialog(page)
    .getByRole('button', { name: /Authenticator App/ })
    .click();
  await stepUpWithCode(page, email);
  await visible(dialog(page).locator('[data-latch-totp-qr] svg'));
  const authUrl = await readTotpQr(page);
  expect(authUrl).toMatch(/^otpauth:\/\/totp\//);
  const app = authenticatorApp(authUrl);
  // The secret shown for manual entry is the one the QR code carries.
  expect(await dialog(page).locator('[data-latch-totp-secret]').textContent()).toBe(app.totp.secret.base32);
  if (screenshots) await checkScreen(page, 'mfa-totp');
  await submitMfaCode(page, await app.code());
  const recoveryCodes = await saveRecoveryCodes(page, screenshots);
  await visible(dialog(page).getByRole('heading', { name: 'Authenticator app verification added' }));
  if (screenshots) await checkScreen(page, 'mfa-totp-added');
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  await visible(page.getByTestId('user-mfa-methods').getByText('totp'));
  return { ...app, recoveryCodes };
}

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
    const email = uniqueEmail('mfa-totp');
    await openDemo(page, app);
    await loginByEmail(page, email);
    await visible(page.getByTestId('embedded-wallet-ready').getByText('ready'), 30_000);
    const authenticator = await enrolAuthenticatorApp(page, email, true);

    await dialog(page).waitFor({ state: 'detached' });
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
    const email = uniqueEmail('mfa-recovery');
    await loginByEmail(page, email);
    await visible(page.getByTestId('embedded-wallet-ready').getByText('ready'), 30_000);
    const authenticator = await enrolAuthenticatorApp(page, email);
    await dialog(page).waitFor({ state: 'detached' });
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
    const email = uniqueEmail('mfa-cancel');
    await loginByEmail(page, email);
    await visible(page.getByTestId('embedded-wallet-ready').getByText('ready'), 30_000);
    const authenticator = await enrolAuthenticatorApp(page, email);
    await dialog(page).waitFor({ state: 'detached' });
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
    const email = uniqueEmail('mfa-host');
    await loginByEmail(page, email);
    await visible(page.getByTestId('embedded-wallet-ready').getByText('ready'), 30_000);
    const authenticator = await enrolAuthenticatorApp(page, email);
    await dialog(page).waitFor({ state: 'detached' });
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
