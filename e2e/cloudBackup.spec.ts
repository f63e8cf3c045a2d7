import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openDemo, saveScreenshot, stack, uniqueEmail } from './support.js';
import { check, walletDialog } from './walletPasswordSteps.js';
import { newUserPage, submitEmailCode, visible } from './widgetSteps.js';

// Cloud backups (issue #30, docs/cloud-backup.md) in Chromium on the demo app, which offers Google Drive and iCloud
// through the dev IdP's stand-ins (Google OAuth + Drive v3, CloudKit web services). SPEC §2: 'Secure your account',
// EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN "Confirm it's really you", 'Confirm with {provider}', 'Try again'; §8:
// '{Recovery or Back up} with {provider} unsuccessful'.

const CLOUDS = [
  { option: 'Back up to Apple iCloud', provider: 'Apple', method: 'icloud', standIn: 'cloudkit' },
  { option: 'Back up to Google Drive', provider: 'Google', method: 'google-drive', standIn: 'googleapis' },
] as const;
type Cloud = (typeof CLOUDS)[number];

/** The demo's embedded wallet address once it is ready. */
async function walletAddress(page: Page): Promise<string> {
  await visible(page.getByTestId('embedded-wallet-ready').getByText('ready'), 120_000);
  return (await page.getByTestId('embedded-wallet-address').textContent()) ?? '';
}

/** Clicks and waits for the provider's window the click opens. */
async function popupOf(page: Page, click: () => Promise<void>): Promise<Page> {
  const [popup] = await Promise.all([page.waitForEvent('popup'), click()]);
  return popup;
}

/** Signs in on the stand-in's page in the provider's window (Google's login page, or CloudKit's Apple ID page). */
async function signInAtProvider(popup: Page, cloud: Cloud, account: string): Promise<void> {
  if (cloud.method === 'google-drive') {
    await visible(popup.getByText('Development stand-in for'));
    await popup.getByLabel('Email').fill(account);
    await popup.getByLabel('Name').fill('Cloud User');
  } else {
    await visible(popup.getByLabel('Apple ID'));
    await popup.getByLabel('Apple ID').fill(account);
  }
  await popup.getByRole('button', { name: 'Continue' }).click();
}

/** A new browser profile: logs in by email and waits for the recovery OAuth screen (no share on this device). */
async function newDeviceAtRecovery(browser: Browser, email: string, cloud: Cloud) {
  const page = await newUserPage(browser);
  await openDemo(page);
  await submitEmailCode(page, email);
  const d = walletDialog(page);
  await visible(d.getByRole('heading', { name: "Confirm it's really you" }), 60_000);
  await visible(d.getByRole('button', { name: `Confirm with ${cloud.provider}` }));
  return { page, d };
}

describe('cloud backups (Google Drive and iCloud stand-ins)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const cloud of CLOUDS) {
    it(`backs up to ${cloud.option.slice(11)}, recovers the same address in a second profile; a deleted file fails with 'Try again'`, async () => {
      const email = uniqueEmail(`cloud-${cloud.method}`);
      const account = `${email.split('@')[0]}@${cloud.method === 'icloud' ? 'icloud' : 'gmail'}.example`;
      const page = await newUserPage(browser);
      await openDemo(page);
      await submitEmailCode(page, email);
      // The wallet is created at login (the demo's create_on_login), then its screen closes itself.
      const address = await walletAddress(page).catch(async (error: unknown) => {
        await saveScreenshot(page, `cloud-login-${cloud.method}-failed`);
        console.error('[cloudBackup] dialog at failure:', await page.getByRole('dialog').allInnerTexts());
        throw error;
      });
      await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 60_000 });

      // 'Change recovery method': the selection lists the three backups; the cloud option opens the provider's window.
      await page.getByRole('button', { name: 'Change recovery method' }).click();
      const d = walletDialog(page);
      await visible(d.getByRole('heading', { name: 'Secure your account' }));
      for (const name of ['Back up to Google Drive', 'Back up to Apple iCloud', 'Set a password']) {
        await visible(d.getByRole('button', { name }));
      }
      await check(page, `cloud-selection-${cloud.method}`);
      const popup = await popupOf(page, () => d.getByRole('button', { name: cloud.option }).click());
      await signInAtProvider(popup, cloud, account);
      await visible(page.getByTestId('embedded-wallet-password-status').getByText(`Recovery: ${cloud.method}`), 60_000);

      // A second profile: the same login, no share here: "Confirm it's really you" → 'Confirm with {provider}'.
      const second = await newDeviceAtRecovery(browser, email, cloud);
      await check(second.page, `cloud-recovery-${cloud.method}`);
      const back = await popupOf(second.page, () =>
        second.d.getByRole('button', { name: `Confirm with ${cloud.provider}` }).click(),
      );
      await signInAtProvider(back, cloud, account);
      await second.d.waitFor({ state: 'detached', timeout: 60_000 });
      expect(await walletAddress(second.page)).toBe(address);

      // The user deletes the backup in their cloud: a third profile's recovery fails, saying so, with 'Try again'.
      const removed = await fetch(`${stack().devIdpUrl}/${cloud.standIn}/standin/delete`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: account }),
      });
      expect(removed.status).toBe(200);
      const third = await newDeviceAtRecovery(browser, email, cloud);
      const again = await popupOf(third.page, () =>
        third.d.getByRole('button', { name: `Confirm with ${cloud.provider}` }).click(),
      );
      await signInAtProvider(again, cloud, account);
      await visible(third.d.getByRole('heading', { name: `Recovery with ${cloud.provider} unsuccessful` }), 60_000);
      await visible(
        third.d.getByText(`The backup of this account was not found in ${cloud.provider}.`, { exact: false }),
      );
      await visible(third.d.getByRole('button', { name: 'Try again' }));
      await check(third.page, `cloud-recovery-missing-${cloud.method}`);
      for (const p of [page, second.page, third.page]) await p.close();
    }, 300_000);
  }
});
