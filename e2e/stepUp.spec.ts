import type { Browser, CDPSession, Page } from 'playwright-core';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, demoApp, launchBrowser, openDemo, type TestApp, uniqueEmail } from './support.js';
import {
  checkScreen,
  demoField,
  dialog,
  enterCodeFor,
  expectSuccessAndClose,
  loginByEmail,
  newUserPage,
  openLogin,
  seenCodes,
  stepUpDialog,
  stepUpWithCode,
  submitPhone,
  uniquePhone,
  visible,
} from './widgetSteps.js';

// Step-up by an existing factor (issue #24), in Chromium against the real stack: the widget's one step-up
// screen ('Confirm it's really you') offers the factors the user had before this session; the action that
// asked for it goes on once it is verified. A Google-only user and a passkey-only user can export their key.

/** Clicks and waits for the popup that the click opens. */
async function popupOf(page: Page, click: () => Promise<void>): Promise<Page> {
  const [popup] = await Promise.all([page.waitForEvent('popup'), click()]);
  return popup;
}

/** Fills the dev identity provider's stand-in page (email and name) and continues. */
async function fillStandIn(target: Page, email: string): Promise<void> {
  await visible(target.getByText('Development stand-in for'));
  await target.getByLabel('Email').fill(email);
  await target.getByLabel('Name').fill(`User ${email.split('@')[0]}`);
  await target.getByRole('button', { name: 'Continue' }).click();
}

/** Waits for the embedded wallet created at login and returns its address. */
async function walletAddress(page: Page): Promise<`0x${string}`> {
  await visible(page.getByTestId('embedded-wallet-ready').getByText('ready'), 60_000);
  await dialog(page).waitFor({ state: 'detached', timeout: 30_000 });
  return (await page.getByTestId('embedded-wallet-address').textContent()) as `0x${string}`;
}

/** After the step-up: the export page shows the key with no code of its own; returns it revealed. */
async function revealExportedKey(page: Page): Promise<`0x${string}`> {
  await visible(dialog(page).getByRole('heading', { name: 'Transfer Wallet' }), 30_000);
  const frame = page.frameLocator('iframe[title="Your private key"]');
  const key = frame.locator('#latch-export-key');
  await visible(key, 30_000);
  expect(await frame.locator('#latch-export-code').count()).toBe(0);
  await frame.getByRole('button', { name: 'Reveal' }).click();
  return (await key.inputValue()) as `0x${string}`;
}

/** A CTAP2 platform authenticator with resident keys and user verification (as passkeys.spec adds). */
async function addAuthenticator(cdp: CDPSession): Promise<void> {
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

describe('step-up', () => {
  let browser: Browser;
  let app: TestApp;
  let dark: TestApp;
  beforeAll(async () => {
    browser = await launchBrowser();
    const config = { email_auth: true, sms_auth: true };
    app = await createApp({ name: 'Step-up Co', config });
    dark = await createApp({ name: 'Step-up Dark Co', config: { ...config, color_scheme: 'dark' } });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a user linking a phone after login steps up with a code to their email, then the phone links', async () => {
    const page = await newUserPage(browser);
    await openDemo(page, app);
    const email = uniqueEmail('step-up-link');
    await loginByEmail(page, email);
    await page.getByRole('button', { name: 'Link phone' }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Connect your phone' }));
    const phone = uniquePhone();
    const seen = await seenCodes(phone.e164);
    await submitPhone(page, phone.national);
    await enterCodeFor(page, phone.e164, seen);
    // The link answers step_up_required: the step-up screen opens over the link flow, for the email only.
    const screen = stepUpDialog(page);
    await visible(screen.getByRole('heading', { name: "Confirm it's really you" }), 30_000);
    await visible(screen.getByText('Before you add a login method, confirm with one you already use.'));
    expect(await screen.getByRole('button', { name: /^Send a code to / }).count()).toBe(1);
    // The same link, sent once more, goes through with the phone's code already typed.
    await expectSuccessAndClose(page, () => stepUpWithCode(page, email, 'step-up-light-1024'));
    await visible(page.getByTestId('user-phone').getByText(phone.e164));
    await page.close();
  });

  it('cancelling the step-up fails the action as before; unlinking steps up too (dark theme)', async () => {
    const page = await newUserPage(browser);
    await openDemo(page, dark);
    const email = uniqueEmail('step-up-unlink');
    await loginByEmail(page, email);
    await page.getByRole('button', { name: 'Link email' }).waitFor();
    // Unlinking the only login method is refused anyway; link a phone first (with its step-up).
    await page.getByRole('button', { name: 'Link phone' }).click();
    const phone = uniquePhone();
    const seen = await seenCodes(phone.e164);
    await submitPhone(page, phone.national);
    await enterCodeFor(page, phone.e164, seen);
    await expectSuccessAndClose(page, () => stepUpWithCode(page, email, 'step-up-dark-1024'));

    // Cancel: the unlink fails with the server's step_up_required, nothing changes.
    await page.getByRole('button', { name: 'Unlink phone' }).click();
    await visible(stepUpDialog(page).getByRole('heading', { name: "Confirm it's really you" }));
    await stepUpDialog(page).getByRole('button', { name: 'Cancel' }).click();
    await stepUpDialog(page).waitFor({ state: 'detached' });
    await visible(page.getByTestId('demo-status').getByText(/^Unlink phone: /));
    expect(await demoField(page, 'user-phone')).toBe(phone.e164);

    // The phone was linked in this session: only the email can confirm the unlink.
    await page.getByRole('button', { name: 'Unlink phone' }).click();
    await stepUpWithCode(page, email);
    await visible(page.getByTestId('demo-status').getByText('Unlink phone: done'));
    expect(await demoField(page, 'user-phone')).toBe('—');
    await page.close();
  });

  it('a Google-only user exports the key after a step-up with Google', async () => {
    const page = await newUserPage(browser);
    await openDemo(page, demoApp());
    await openLogin(page);
    const email = uniqueEmail('google-export');
    await visible(dialog(page).locator('button[data-method]'));
    const login = await popupOf(page, () =>
      dialog(page).getByRole('button', { name: 'Log in with Google', exact: true }).click(),
    );
    await fillStandIn(login, email);
    const address = await walletAddress(page);

    await page.getByRole('button', { name: 'Export wallet' }).click();
    const screen = stepUpDialog(page);
    await visible(screen.getByRole('heading', { name: "Confirm it's really you" }), 30_000);
    await visible(screen.getByText('Before you export your wallet key, confirm with a method you already use.'));
    await checkScreen(page, 'step-up-google-light-1024');
    const again = await popupOf(page, () => screen.getByRole('button', { name: 'Confirm with Google' }).click());
    await fillStandIn(again, email);
    await screen.waitFor({ state: 'detached', timeout: 20_000 });
    const key = await revealExportedKey(page);
    expect(privateKeyToAccount(key).address).toBe(address);
    await page.close();
  });

  it('a passkey-only user exports the key after a passkey assertion', async () => {
    const page = await newUserPage(browser);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await addAuthenticator(cdp);
    await openDemo(page, demoApp());
    await openLogin(page);
    await dialog(page).getByRole('button', { name: 'I have a passkey' }).click();
    await dialog(page).getByRole('button', { name: 'Create an account with a passkey' }).click();
    const address = await walletAddress(page);

    await page.getByRole('button', { name: 'Export wallet' }).click();
    const screen = stepUpDialog(page);
    await visible(screen.getByRole('heading', { name: "Confirm it's really you" }), 30_000);
    await screen.getByRole('button', { name: 'Use your passkey' }).click();
    await screen.waitFor({ state: 'detached', timeout: 20_000 });
    const key = await revealExportedKey(page);
    expect(privateKeyToAccount(key).address).toBe(address);
    await page.close();
  });
});
