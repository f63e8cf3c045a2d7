// The wallet password screens' steps, shared by walletPassword.spec.ts (kept under 300 lines).
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { sawInDialog, watchDialogFor } from './dialogWatch.js';
import { checkScreenInBothSchemes, visible } from './widgetSteps.js';

/** The password the specs set (strong enough for every rule). */
export const PASSWORD = 'Latch-Demo-2026!';

/** The wallet password/recovery dialog (it may sit over the login modal on the creation path). */
export const walletDialog = (page: Page): Locator => page.locator('dialog[data-latch-wallet-flow]');

/** Screenshots and axe of the wallet dialog's current screen, in both colour schemes. */
export async function check(page: Page, name: string): Promise<void> {
  await checkScreenInBothSchemes(page, name);
}

/** Creating → saving → confirming → finalizing, checking SPEC §5's messages and the buttons' rules. */
export async function passwordSteps(page: Page, shots: string): Promise<void> {
  const d = walletDialog(page);
  const field = d.getByLabel('Password', { exact: true });
  const next = d.getByRole('button', { name: 'Continue' });
  expect(await next.isDisabled()).toBe(true);
  await field.fill('my pass?');
  await visible(d.getByText('Invalid characters used ( SPACE ? )'));
  expect(await next.isDisabled()).toBe(true);
  await field.fill('abc');
  await visible(d.getByText('Password must be at least 6 characters'));
  await field.fill('abcdefgh');
  await visible(d.getByText(/Strength: Weak/));
  await d.getByRole('button', { name: 'Show password' }).click();
  expect(await field.getAttribute('type')).toBe('text');
  await d.getByRole('button', { name: 'Generate' }).click();
  await visible(d.getByText('Strength: Strong'));
  expect(await field.inputValue()).toMatch(/^[A-Za-z0-9!@#$%^&*()\-_+]{20}$/);
  await field.fill(PASSWORD);
  // zxcvbn loads lazily; the meter settles on the combined score.
  await visible(d.getByText(/Strength: (Medium|Strong)/));
  await check(page, `${shots}-create`);
  await next.click();

  await visible(d.getByRole('heading', { name: 'Save your password' }));
  await visible(d.getByText(PASSWORD));
  // 'Copied' turns back into 'Copy' after 1500 ms: watched from before the click.
  await watchDialogFor(page, { button: 'Copied' });
  await d.getByRole('button', { name: 'Copy' }).click();
  await sawInDialog(page, { button: 'Copied' });
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(PASSWORD);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    d.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('wallet-co-latch-wallet-recovery.txt');
  await check(page, `${shots}-save`);
  await next.click();

  await visible(d.getByRole('heading', { name: 'Confirm your password' }));
  const confirm = d.getByLabel('Confirm password');
  await confirm.fill(`${PASSWORD}x`);
  await visible(d.getByText('Passwords do not match'));
  expect(await next.isDisabled()).toBe(true);
  await check(page, `${shots}-confirm`);
  await confirm.fill(PASSWORD);
  await next.click();

  await visible(d.getByRole('heading', { name: 'Confirm you have saved' }));
  const setPassword = d.getByRole('button', { name: 'Set Password' });
  expect(await setPassword.isDisabled()).toBe(true);
  await d.getByRole('checkbox').check();
  await check(page, `${shots}-finalize`);
  await setPassword.click();
}
