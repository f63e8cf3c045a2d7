import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sawInDialog, watchDialogFor } from './dialogWatch.js';
import { createApp, demoApp, launchBrowser, openDemo, type TestApp } from './support.js';
import {
  checkScreen,
  demoField,
  dialog,
  expectSuccessAndClose,
  newUserPage,
  openLogin,
  stepUpDialog,
  visible,
} from './widgetSteps.js';

// Passkeys end to end (#13): Chromium's WebAuthn virtual authenticator (CDP) holds real keys, the real server checks
// real attestations and assertions. Sign up, log out, log in ('I have a passkey'), cancel and retry, link up to 5
// (the add option hidden), unlink one.

/** A CTAP2 platform authenticator with resident keys and user verification, as a phone or laptop has. */
async function addAuthenticator(cdp: CDPSession): Promise<string> {
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return authenticatorId;
}

/** One authenticator holds one passkey of the user (a second on the same one is excluded): swap in a fresh one. */
async function freshAuthenticator(cdp: CDPSession, previous: string): Promise<string> {
  await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: previous });
  return addAuthenticator(cdp);
}

const passkeyCount = async (page: Page) => Number(await page.getByTestId('user-passkeys').textContent());

async function openPasskeys(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Passkeys', exact: true }).click();
  await visible(dialog(page).getByRole('heading', { name: 'Your passkeys' }));
}

/** Logs out and back in with the passkey on the current authenticator (so it counts as from before this session). */
async function logInAgain(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log out' }).click();
  await openLogin(page);
  await expectSuccessAndClose(page, () => dialog(page).getByRole('button', { name: 'I have a passkey' }).click());
}

/** The step-up screen: 'Use your passkey'; the authenticator answers and the screen goes. */
async function stepUpWithPasskey(page: Page): Promise<void> {
  const screen = stepUpDialog(page);
  await visible(screen.getByRole('heading', { name: "Confirm it's really you" }), 30_000);
  await screen.getByRole('button', { name: 'Use your passkey' }).click();
  await screen.waitFor({ state: 'detached', timeout: 20_000 });
}

/**
 * On LINK_PASSKEY_SCREEN: 'Add a passkey' with its step-up (issue #24). The step-up asks the passkey of the
 * current authenticator, which then refuses to hold a second one for the user (excluded): the user takes
 * another authenticator (`swap`) and adds again — the step-up is still valid for the link — then
 * 'Passkey added', Done. Returns the new authenticator.
 */
async function addPasskey(page: Page, count: number, swap: () => Promise<string>): Promise<string> {
  await dialog(page).getByRole('button', { name: 'Add a passkey' }).click();
  await stepUpWithPasskey(page);
  const added = dialog(page).getByRole('heading', { name: 'Passkey added' });
  await visible(added.or(dialog(page).locator('.latch-status[data-tone="error"]')));
  expect(await added.count()).toBe(0);
  const authenticator = await swap();
  await dialog(page).getByRole('button', { name: 'Add a passkey' }).click();
  await visible(added);
  await visible(dialog(page).getByText('From now on, you can use your passkey to log in.'));
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  await dialog(page).waitFor({ state: 'detached' });
  await visible(page.getByTestId('user-passkeys').getByText(String(count), { exact: true }));
  return authenticator;
}

describe('passkeys', () => {
  let browser: Browser;
  let app: TestApp;
  beforeAll(async () => {
    browser = await launchBrowser();
    app = await createApp({ name: 'Passkey Co', config: { email_auth: true, passkey_auth: true } });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs up with a passkey, logs out, logs back in with it, links up to 5 and unlinks one', async () => {
    const page = await newUserPage(browser);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    let authenticator = await addAuthenticator(cdp);
    await openDemo(page, app);

    // Sign up: 'I have a passkey', then 'Create an account with a passkey' (it replaces the pending login).
    await openLogin(page);
    await checkScreen(page, 'passkey-landing-light-1024');
    await dialog(page).getByRole('button', { name: 'I have a passkey' }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Log in with a passkey' }));
    // The sign-up screen lasts as long as the ceremony, then 'Success!' closes it: both watched from before the click.
    await watchDialogFor(page, { heading: 'Sign up with a passkey' });
    await expectSuccessAndClose(page, () =>
      dialog(page).getByRole('button', { name: 'Create an account with a passkey' }).click(),
    );
    await sawInDialog(page, { heading: 'Sign up with a passkey' });
    const userId = await demoField(page, 'user-id');
    expect(userId).toBeTruthy();
    expect(await passkeyCount(page)).toBe(1);

    // Log out, then log in with the passkey: the same user.
    await page.getByRole('button', { name: 'Log out' }).click();
    await openLogin(page);
    await expectSuccessAndClose(page, () => dialog(page).getByRole('button', { name: 'I have a passkey' }).click());
    expect(await demoField(page, 'user-id')).toBe(userId);

    // LINK_PASSKEY_SCREEN: link a second, then up to the limit of 5. Each link steps up with the passkey the
    // user logged in with; a new one counts from the next login on.
    await openPasskeys(page);
    await checkScreen(page, 'link-passkey-light-1024');
    for (let count = 2; count <= 5; count += 1) {
      if (count > 2) {
        await logInAgain(page);
        await openPasskeys(page);
      }
      const previous = authenticator;
      authenticator = await addPasskey(page, count, () => freshAuthenticator(cdp, previous));
    }
    await logInAgain(page);
    expect(await demoField(page, 'user-id')).toBe(userId);

    // At 5 the add option is hidden; 2 show collapsed until 'View all'.
    await openPasskeys(page);
    await expect.poll(() => dialog(page).getByTestId('passkey-item').count(), { timeout: 10_000 }).toBe(2);
    expect(await dialog(page).getByRole('button', { name: 'Add a passkey' }).count()).toBe(0);
    await visible(dialog(page).getByText('You have 5 passkeys, the most an account can have.'));
    await dialog(page).getByRole('button', { name: 'View all' }).click();
    await expect.poll(() => dialog(page).getByTestId('passkey-item').count(), { timeout: 10_000 }).toBe(5);
    await checkScreen(page, 'link-passkey-full-light-1024');

    // Unlink one (after a step-up with the passkey of this login): 4 left, and the add option is back.
    await dialog(page).getByTestId('passkey-item').first().getByRole('button').click();
    await stepUpWithPasskey(page);
    await expect.poll(() => dialog(page).getByTestId('passkey-item').count(), { timeout: 10_000 }).toBe(4);
    await visible(dialog(page).getByRole('button', { name: 'Add a passkey' }));
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await visible(page.getByTestId('user-passkeys').getByText('4', { exact: true }));

    // The last authenticator's passkey still logs in.
    await page.getByRole('button', { name: 'Log out' }).click();
    await openLogin(page);
    await expectSuccessAndClose(page, () => dialog(page).getByRole('button', { name: 'I have a passkey' }).click());
    expect(await demoField(page, 'user-id')).toBe(userId);
    await page.close();
  }, 180_000);

  it("a refused ceremony shows 'Passkey request timed out or rejected by user.' with Retry, and Retry logs in", async () => {
    const page = await newUserPage(browser);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const authenticator = await addAuthenticator(cdp);
    await openDemo(page, app);
    await openLogin(page);
    await dialog(page).getByRole('button', { name: 'I have a passkey' }).click();
    await expectSuccessAndClose(page, () =>
      dialog(page).getByRole('button', { name: 'Create an account with a passkey' }).click(),
    );
    const userId = await demoField(page, 'user-id');
    await page.getByRole('button', { name: 'Log out' }).click();

    // The user does not verify (the system dialogue is dismissed): refused, nothing logged in.
    await cdp.send('WebAuthn.setUserVerified', { authenticatorId: authenticator, isUserVerified: false });
    await openLogin(page);
    await dialog(page).getByRole('button', { name: 'I have a passkey' }).click();
    await visible(dialog(page).getByText('Passkey request timed out or rejected by user.'));
    await checkScreen(page, 'passkey-refused-light-1024');
    expect(await demoField(page, 'user-id')).toBeNull();

    await cdp.send('WebAuthn.setUserVerified', { authenticatorId: authenticator, isUserVerified: true });
    await expectSuccessAndClose(page, () => dialog(page).getByRole('button', { name: 'Retry' }).click());
    expect(await demoField(page, 'user-id')).toBe(userId);
    await page.close();
  });

  it('a passkey sign-up in the demo app gets its embedded wallet: the device grant reaches the wallet frame', async () => {
    const page = await newUserPage(browser);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await addAuthenticator(cdp);
    await openDemo(page, demoApp());
    await openLogin(page);
    await dialog(page).getByRole('button', { name: 'I have a passkey' }).click();
    // The wallet-created screen closes itself after 2500 ms: watched from before the sign-up.
    await watchDialogFor(page, { heading: 'Welcome to ' });
    await dialog(page).getByRole('button', { name: 'Create an account with a passkey' }).click();
    await sawInDialog(page, { heading: 'Welcome to ' });
    await dialog(page).waitFor({ state: 'detached', timeout: 10_000 });
    await visible(page.getByTestId('embedded-wallet-ready').getByText('ready'), 30_000);
    expect(await page.getByTestId('embedded-wallet-address').textContent()).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await page.close();
  });
});
