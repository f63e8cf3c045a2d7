import type { Browser, Page } from 'playwright-core';
import { verifyMessage } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sawInDialog, watchDialogFor } from './dialogWatch.js';
import { createApp, launchBrowser, openDemo, type TestApp, uniqueEmail } from './support.js';
import { check, PASSWORD, passwordSteps, walletDialog } from './walletPasswordSteps.js';
import { approveInFrame, newUserPage, submitEmailCode, visible } from './widgetSteps.js';

const DEMO_SIGN_MESSAGE = 'Hello from the Latch demo';

async function walletAddress(page: Page): Promise<`0x${string}`> {
  await visible(page.getByTestId('embedded-wallet-ready').getByText('ready'), 60_000);
  return (await page.getByTestId('embedded-wallet-address').textContent()) as `0x${string}`;
}

/** Signs the demo message through the sign screen and returns the signature. */
async function sign(page: Page): Promise<`0x${string}`> {
  await page.getByRole('button', { name: 'Sign message' }).click();
  const dialog = page.getByRole('dialog');
  await approveInFrame(page);
  await dialog.waitFor({ state: 'detached', timeout: 20_000 });
  await visible(page.getByTestId('embedded-wallet-signature'));
  return (await page.getByTestId('embedded-wallet-signature').textContent()) as `0x${string}`;
}

/** The app's colour scheme and an accent that suits it. */
const theme = (scheme: 'light' | 'dark') => ({
  color_scheme: scheme,
  accent_color: scheme === 'dark' ? '#F97316' : '#676FFF',
});

/** An app ('Wallet Co') that creates an embedded wallet on login, in `scheme`, with `walletConfig` added. */
function walletApp(scheme: 'light' | 'dark', walletConfig: Record<string, unknown> = {}): Promise<TestApp> {
  return createApp({
    name: 'Wallet Co',
    config: {
      email_auth: true,
      ...theme(scheme),
      embedded_wallet_config: { create_on_login: 'users-without-wallets', ...walletConfig },
    },
  });
}

describe('embedded wallet password, in light and dark', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  // Each journey runs once, in one scheme; every screen it checks is checked in both (checkScreenInBothSchemes).
  it('set through the host API (dark); a new device recovers with it, a wrong one is refused', async () => {
    const scheme = 'dark';
    const app = await walletApp(scheme);
    const email = uniqueEmail('wallet-pw');
    const page = await newUserPage(browser);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await openDemo(page, app);
    // The wallet-created screen closes itself after 2500 ms: watched from before the login.
    await watchDialogFor(page, { heading: 'Welcome to Wallet Co' });
    await submitEmailCode(page, email);
    await sawInDialog(page, { heading: 'Welcome to Wallet Co' });
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 10_000 });
    const address = await walletAddress(page);

    await page.getByRole('button', { name: 'Set password' }).click();
    const d = walletDialog(page);
    await visible(d.getByRole('heading', { name: 'Secure Your Account' }));
    await check(page, `wallet-password-splash`);
    await d.getByRole('button', { name: 'Add password' }).click();
    await visible(d.getByRole('heading', { name: 'Set your password' }));
    // Started from the splash, not from recovery selection: no back on the first step.
    expect(await d.getByRole('button', { name: 'Back' }).count()).toBe(0);
    await passwordSteps(page, 'wallet-password');
    await visible(d.getByRole('heading', { name: 'Success' }), 60_000);
    await check(page, `wallet-password-done`);
    await d.getByRole('button', { name: 'Close' }).first().click();
    await visible(page.getByTestId('embedded-wallet-password-status').getByText('Password set'));

    // A new device: no device share; the password screen appears once the login modal has closed.
    const device = await newUserPage(browser);
    await openDemo(device, app);
    await submitEmailCode(device, email);
    const r = walletDialog(device);
    await visible(r.getByRole('heading', { name: 'Enter your password' }), 30_000);
    const recover = r.getByRole('button', { name: 'Recover your account' });
    expect(await recover.isDisabled()).toBe(true);
    await check(device, `wallet-password-recovery`);
    await r.getByLabel('Password', { exact: true }).fill('Wrong-Password-1');
    await recover.click();
    await visible(r.getByText('Invalid recovery password, please try again.'), 60_000);
    await check(device, `wallet-password-recovery-wrong`);
    await r.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await recover.click();
    await r.waitFor({ state: 'detached', timeout: 60_000 });
    expect(await walletAddress(device)).toBe(address);
    const signature = await sign(device);
    expect(await verifyMessage({ address, message: DEMO_SIGN_MESSAGE, signature })).toBe(true);
    await page.close();
    await device.close();
  });

  it('the creation screen path (light, at real time): selection, intro, password, created; recovery on a new device', async () => {
    const scheme = 'light';
    const app = await walletApp(scheme, {
      require_user_owned_recovery_on_create: true,
      // None listed: every built option (the password), on the selection screen.
      user_owned_recovery_options: [],
    });
    const email = uniqueEmail('wallet-pw-create');
    const page = await newUserPage(browser);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    // At real time: 'Copied' (1500 ms), the pause before creating (250 ms), the automatic flow's 'Success'
    // (DELAY.passwordFlowAutoClose, 1400 ms) and the wallet-created screen (2500 ms).
    await openDemo(page, app, { realTime: true });
    await submitEmailCode(page, email);
    const d = walletDialog(page);
    await visible(d.getByRole('heading', { name: 'Secure your account' }), 30_000);
    expect(await d.getAttribute('data-latch-theme')).toBe(scheme);
    // Automatic: no close button. Cloud backups show only when the app lists them: not shown at all.
    expect(await d.getByRole('button', { name: 'Close' }).count()).toBe(0);
    expect(await d.getByRole('button', { name: /Google Drive|iCloud/ }).count()).toBe(0);
    expect(await d.getByText('Not available yet').count()).toBe(0);
    await check(page, `wallet-recovery-selection`);
    await d.getByRole('button', { name: 'Why do I need to secure my account?' }).click();
    await visible(d.getByRole('heading', { name: 'Why do I need to secure my account?' }));
    await check(page, `wallet-backup-intro`);
    await d.getByRole('button', { name: 'Select backup method' }).click();
    await d.getByRole('button', { name: 'Set a password' }).click();
    await visible(d.getByRole('heading', { name: 'Set your password' }));
    // From recovery selection: back is offered on the first step.
    await d.getByRole('button', { name: 'Back' }).click();
    await visible(d.getByRole('heading', { name: 'Secure your account' }));
    await d.getByRole('button', { name: 'Set a password' }).click();
    // Automatic: 'Success' closes itself after 1400 ms, then the login's wallet-created screen after 2500 ms;
    // both are watched from before the password is set.
    await watchDialogFor(page, { heading: 'Success' });
    await watchDialogFor(page, { heading: 'Welcome to Wallet Co' });
    await passwordSteps(page, 'wallet-password-create-path');
    await sawInDialog(page, { heading: 'Success' });
    await check(page, `wallet-password-create-path-done`);
    await sawInDialog(page, { heading: 'Welcome to Wallet Co' });
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 10_000 });
    const address = await walletAddress(page);

    // The wallet has a password now: 'Set password' offers a reset; Cancel reports the exit.
    await page.getByRole('button', { name: 'Set password' }).click();
    await visible(d.getByRole('heading', { name: 'Reset your password' }));
    await check(page, `wallet-password-reset`);
    await d.getByRole('button', { name: 'Close' }).click();
    await visible(page.getByTestId('embedded-wallet-password-status').getByText('user_exited_set_password_flow'));

    const device = await newUserPage(browser);
    await openDemo(device, app);
    await loginAndRecover(device, email);
    expect(await walletAddress(device)).toBe(address);
    await page.close();
    await device.close();
  });

  it("past 5 unconfirmed guesses an hour, recovery says 'Too many requests…' (dark, on a phone)", async () => {
    const scheme = 'dark';
    const app = await walletApp(scheme);
    const email = uniqueEmail('wallet-pw-limit');
    const page = await newUserPage(browser);
    await openDemo(page, app);
    await submitEmailCode(page, email);
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 30_000 });
    await walletAddress(page);
    // Setting the password is the first evaluation the server counts.
    await page.getByRole('button', { name: 'Set password' }).click();
    const d = walletDialog(page);
    await d.getByRole('button', { name: 'Add password' }).click();
    await d.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await d.getByRole('button', { name: 'Continue' }).click();
    await d.getByRole('button', { name: 'Continue' }).click();
    await d.getByLabel('Confirm password').fill(PASSWORD);
    await d.getByRole('button', { name: 'Continue' }).click();
    await d.getByRole('checkbox').check();
    await d.getByRole('button', { name: 'Set Password' }).click();
    await visible(d.getByRole('heading', { name: 'Success' }), 60_000);
    await d.getByRole('button', { name: 'Close' }).first().click();

    // The new device is a phone-sized window (the dialog sits at the bottom, full width).
    const device = await newUserPage(browser, 400);
    await openDemo(device, app);
    await submitEmailCode(device, email);
    const r = walletDialog(device);
    await visible(r.getByRole('heading', { name: 'Enter your password' }), 30_000);
    const field = r.getByLabel('Password', { exact: true });
    for (let guess = 1; guess <= 4; guess++) {
      await field.fill(`Wrong-Guess-${guess}`);
      await r.getByRole('button', { name: 'Recover your account' }).click();
      await visible(r.getByText('Invalid recovery password, please try again.'), 60_000);
    }
    await field.fill('Wrong-Guess-5');
    await r.getByRole('button', { name: 'Recover your account' }).click();
    await visible(r.getByText('Too many requests. Please wait before trying again.'), 60_000);
    // Even the right password waits out the window: the server cannot tell guesses apart.
    await field.fill(PASSWORD);
    await r.getByRole('button', { name: 'Recover your account' }).click();
    await visible(r.getByText('Too many requests. Please wait before trying again.'), 60_000);
    await check(device, `wallet-password-recovery-limit`);
    await r.getByRole('button', { name: 'Close' }).click();
    await r.waitFor({ state: 'detached' });

    // 'Set password' on a device that has not unlocked the wallet: EMBEDDED_WALLET_CONNECTING_SCREEN,
    // then (a password wallet without its share here) the password screen first. The frame's wallet
    // lookup is held back until the connecting screen has been looked at.
    let release = () => {};
    const looked = new Promise<void>((resolve) => {
      release = resolve;
    });
    await device.route('**/api/v1/embedded_wallets', (route) => looked.then(() => route.fallback()));
    await device.getByRole('button', { name: 'Set password' }).click();
    await visible(r.getByRole('heading', { name: 'Connecting to your wallet' }));
    await check(device, `wallet-connecting`);
    release();
    await visible(r.getByRole('heading', { name: 'Enter your password' }), 30_000);
    await r.getByRole('button', { name: 'Close' }).click();
    await visible(device.getByTestId('embedded-wallet-password-status').getByText('user_exited_set_password_flow'));
    await page.close();
    await device.close();
  });
});

/** Logs in on a device without the share and recovers with the password (screenshots in both schemes). */
async function loginAndRecover(page: Page, email: string): Promise<void> {
  await submitEmailCode(page, email);
  const r = walletDialog(page);
  await visible(r.getByRole('heading', { name: 'Enter your password' }), 30_000);
  await check(page, `wallet-password-recovery-after-create`);
  await r.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await r.getByRole('button', { name: 'Recover your account' }).click();
  await r.waitFor({ state: 'detached', timeout: 60_000 });
}
