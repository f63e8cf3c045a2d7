import { TOTP, URI } from 'otpauth';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { decodeQrInPage } from './qrCode.js';
import { saveScreenshot, uniqueEmail } from './support.js';
import { checkScreen, dialog, loginByEmail, stepUpWithCode, visible } from './widgetSteps.js';

// The MFA steps the MFA suites share (mfa.spec.ts, mfaOptions.spec.ts, cookieSession.spec.ts).

/** The MFA apps' config: email login, every MFA method, a wallet made at login (the export MFA guards). */
export const MFA_CONFIG = {
  email_auth: true,
  sms_auth: false,
  mfa_methods: ['totp', 'sms', 'passkey'],
  embedded_wallet_config: { create_on_login: 'users-without-wallets' },
};

/** Reads the authenticator-app QR code on the screen, as a camera would. */
export async function readTotpQr(page: Page): Promise<string> {
  const decoded = await decodeQrInPage(page, '[data-latch-root] [data-latch-totp-qr] svg');
  if (!decoded) throw new Error('The QR code on the screen does not decode.');
  return decoded;
}

/**
 * The user's authenticator app: the codes for the secret the QR code carries. The server never takes a
 * time step twice (RFC 6238 §5.2), so each code is for a step after the last one used: the current step,
 * or the next (the server allows one step of drift). Two codes therefore never wait; a third within the
 * same 30 s would have to wait for the server's clock, so the app refuses it instead of sleeping.
 */
export function authenticatorApp(authUrl: string) {
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
export async function submitMfaCode(page: Page, code: string): Promise<void> {
  const field = dialog(page).getByRole('textbox', { name: 'Verification code' });
  await field.fill(code);
  await dialog(page).getByRole('button', { name: 'Verify' }).click();
}

/** After a first enrolment: 'Save your recovery codes' lists 10 codes once (MFA-06); Continue. Returns them. */
export async function saveRecoveryCodes(page: Page, screenshot = false): Promise<string[]> {
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
export async function openSecurity(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Security' }).click();
  await visible(dialog(page).getByRole('heading', { name: 'Transaction Protection' }));
}

/**
 * Enrols the authenticator app from the demo, reading the QR code back; returns the app. Its setup first steps up
 * (issue #24, `manage_mfa`) with a code to the user's login `email`.
 */
export async function enrolAuthenticatorApp(page: Page, email: string, screenshots = false, fromIntro = false) {
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

/** A new user (`label`) logged in by email on the open demo, with its wallet ready and the authenticator app enrolled. */
export async function loggedInWithAuthenticator(page: Page, label: string, screenshots = false) {
  const email = uniqueEmail(label);
  await loginByEmail(page, email);
  await visible(page.getByTestId('embedded-wallet-ready').getByText('ready'), 30_000);
  const authenticator = await enrolAuthenticatorApp(page, email, screenshots);
  await dialog(page).waitFor({ state: 'detached' });
  return { email, authenticator };
}
