import { createPublicKey, verify } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sawInDialog, watchDialogFor } from './dialogWatch.js';
import { demoApp, demoQuery, launchBrowser, saveScreenshot, stack, uniqueEmail } from './support.js';
import {
  approveInFrame,
  checkScreen,
  dialog,
  expectSuccessAndClose,
  loginByEmail,
  newUserPage,
  openLogin,
  stepUpWithCode,
  visible,
} from './widgetSteps.js';

// Farcaster end to end (issue #31): the demo app (npm start's setup turns Farcaster on with the dev IdP's stand-in)
// in Chromium. The dev IdP's /farcaster page plays the Farcaster app on the desktop: it "scans" the connect URI the
// widget shows as a QR code, signs with the test fid's custody key (registered in Farcaster's real IdRegistry on
// the dev chain, which the server reads), and approves or rejects signer requests. The stand-in has one test fid,
// so the tests run in order: a user links it (and its signer) and unlinks it, then it logs a new user in.

const TEST_FID_TEXT = /^\d+$/;

async function openFarcasterDemo(page: Page): Promise<void> {
  await page.goto(`${stack().demoUrl}/?${demoQuery(demoApp(), { devIdpUrl: inject('devIdpUrl') })}`);
}

/** The stand-in's page, in a second page of the same browser (what the phone would be). */
async function standIn(page: Page, connectUri?: string): Promise<Page> {
  const phone = await page.context().newPage();
  const query = connectUri ? `?connect=${encodeURIComponent(connectUri)}` : '';
  await phone.goto(`${stack().devIdpUrl}/farcaster${query}`);
  return phone;
}

/** The connect URI the open screen shows (the QR code's text; its 'Open the Farcaster app' link). */
async function shownUri(page: Page): Promise<string> {
  const link = dialog(page).locator('a[data-latch-farcaster-uri]');
  await visible(link);
  return (await link.getAttribute('href')) ?? '';
}

/** Approves (or rejects) the first pending request of the stand-in's list whose button names `what`. */
async function decide(phone: Page, decision: 'Approve' | 'Reject', what: RegExp): Promise<void> {
  await phone
    .getByRole('button', { name: new RegExp(`^${decision} ${what.source}`) })
    .first()
    .click();
  await phone.waitForLoadState();
}

const fid = (page: Page) => page.getByTestId('farcaster-fid');

/** Links the stand-in's test fid to the logged-in user (step-up by the login email); the stand-in's page stays open. */
async function linkTestFid(page: Page, email: string, look: boolean): Promise<Page> {
  await page.getByRole('button', { name: 'Link Farcaster' }).click();
  await visible(dialog(page).getByRole('heading', { name: 'Connect your Farcaster account' }));
  const uri = await shownUri(page);
  expect(uri).toMatch(/^farcaster:\/\/connect\?/);
  await visible(dialog(page).getByRole('img', { name: 'QR code to open in the Farcaster app' }));
  if (look) await checkScreen(page, 'awaiting-farcaster-connection-link-light-1024');
  const phone = await standIn(page, uri);
  if (look) await saveScreenshot(phone, 'dev-idp-farcaster-sign-in');
  await expectSuccessAndClose(page, async () => {
    await decide(phone, 'Approve', /sign-in/);
    // Linking steps up first (issue #24): the login email confirms it.
    await stepUpWithCode(page, email);
  });
  await visible(fid(page).getByText(TEST_FID_TEXT));
  return phone;
}

/** Adds a signer (the stand-in's signer request, approved): 'Success!', the modal closes, the user names the key. */
async function approveSigner(page: Page, phone: Page): Promise<void> {
  await page.getByRole('button', { name: 'Add a Farcaster signer' }).click();
  await visible(dialog(page).locator('a[data-latch-farcaster-uri]'));
  await phone.reload();
  await expectSuccessAndClose(page, () => decide(phone, 'Approve', /signer/));
}

/** Signs bytes with the user's signer after the click on the frame's confirmation; it verifies with the key. */
async function signAndVerify(page: Page): Promise<void> {
  const signer = page.getByTestId('farcaster-signer');
  await visible(signer.getByText(/^0x[0-9a-f]{64}$/));
  const publicKey = (await signer.textContent()) ?? '';
  const message = '0x48656c6c6f2c204661726361737465722e';
  await page.getByRole('button', { name: 'Sign with the Farcaster signer' }).click();
  await approveInFrame(page);
  const signed = page.getByTestId('farcaster-signature');
  await visible(signed, 30_000);
  const signature = (await signed.textContent()) ?? '';
  expect(signature).toMatch(/^0x[0-9a-f]{128}$/);
  const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(publicKey.slice(2), 'hex')]);
  const key = createPublicKey({ key: spki, format: 'der', type: 'spki' });
  expect(verify(null, Buffer.from(message.slice(2), 'hex'), key, Buffer.from(signature.slice(2), 'hex'))).toBe(true);
  expect(verify(null, Buffer.from('tampered'), key, Buffer.from(signature.slice(2), 'hex'))).toBe(false);
}

describe('Farcaster', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('links an account from the demo, adds a signer (approved) that signs, and unlinks', async () => {
    const page = await newUserPage(browser);
    await openFarcasterDemo(page);
    const email = uniqueEmail('farcaster-link');
    await loginByEmail(page, email);
    await visible(fid(page).getByText('not linked'));

    const phone = await linkTestFid(page, email, true);

    // The signer: the frame's key as the app's signer; the stand-in lists the request. Approved: 'Success!', the
    // modal closes after 1400 ms, the user's farcaster names the key; it signs bytes that verify with the key.
    await approveSigner(page, phone);
    await signAndVerify(page);
    await saveScreenshot(page, 'demo-farcaster-signed');

    await page.getByRole('button', { name: 'Unlink Farcaster' }).click();
    await stepUpWithCode(page, email);
    await visible(page.getByTestId('farcaster-status').getByText('Unlinked Farcaster'));
    await visible(fid(page).getByText('not linked'));
    await phone.close();
    await page.close();
  }, 240_000);

  it("a signer request rejected on the stand-in shows 'Request rejected'; a second request (a fresh key) shows its link, is approved and signs", async () => {
    const page = await newUserPage(browser);
    await openFarcasterDemo(page);
    const email = uniqueEmail('farcaster-reject');
    await loginByEmail(page, email);
    await visible(fid(page).getByText('not linked'));

    const phone = await linkTestFid(page, email, false);
    // The signer request, rejected on the stand-in: 'Request rejected'.
    await page.getByRole('button', { name: 'Add a Farcaster signer' }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Add a Farcaster signer' }));
    await visible(dialog(page).locator('a[data-latch-farcaster-uri]'));
    await checkScreen(page, 'awaiting-farcaster-signer-light-1024');
    await phone.reload();
    const rejectedKey = (
      await phone.getByRole('region', { name: /^Signer request 0x/ }).getAttribute('aria-label')
    )?.replace('Signer request ', '');
    expect(rejectedKey).toMatch(/^0x[0-9a-f]{64}$/);
    await decide(phone, 'Reject', /signer/);
    await visible(dialog(page).getByText('Request rejected'));
    await checkScreen(page, 'awaiting-farcaster-signer-rejected-light-1024');
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await dialog(page).waitFor({ state: 'detached' });

    // Issue #31: the second request asks with a fresh key (the rejected one stays revoked): its link shows; approved,
    // it is the user's signer and signs.
    await approveSigner(page, phone);
    await signAndVerify(page);
    expect(await page.getByTestId('farcaster-signer').textContent()).not.toBe(rejectedKey);

    await page.getByRole('button', { name: 'Unlink Farcaster' }).click();
    await stepUpWithCode(page, email);
    await visible(fid(page).getByText('not linked'));
    await phone.close();
    await page.close();
  }, 240_000);

  it('logs a new user in from the landing through the stand-in, who then shows the fid', async () => {
    const page = await newUserPage(browser);
    await openFarcasterDemo(page);
    await openLogin(page);
    const button = dialog(page).getByRole('button', { name: 'Log in with Farcaster', exact: true });
    await visible(dialog(page).locator('button[data-method]'));
    if ((await button.count()) === 0) {
      await dialog(page)
        .getByRole('button', { name: /^(Other socials|More options)$/ })
        .click();
    }
    await button.click();
    await visible(dialog(page).getByRole('heading', { name: 'Sign in with Farcaster' }));
    const uri = await shownUri(page);
    await checkScreen(page, 'awaiting-farcaster-connection-light-1024');
    const phone = await standIn(page, uri);
    await watchDialogFor(page, 'Success!');
    await decide(phone, 'Approve', /sign-in/);
    await sawInDialog(page, 'Success!');
    await visible(fid(page).getByText(TEST_FID_TEXT), 30_000);
    await phone.close();
    await page.close();
  }, 180_000);
});
