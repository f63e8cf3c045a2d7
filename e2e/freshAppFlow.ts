// What a user does in each fresh app (freshAppVite.spec.ts, freshAppNext.spec.ts): logs in by email, reloads,
// signs a message through wagmi (connected by Latch, never by the page), and the app's backend checks the
// identity token.
import type { Browser, Page } from 'playwright-core';
import { verifyMessage } from 'viem';
import { expect } from 'vitest';
import { sh } from './freshApp.js';
import { SIGNED_MESSAGE } from './freshAppSources.js';
import { createApp, stack, type TestApp, uniqueEmail } from './support.js';
import { approveInFrame, dialog, newUserPage, submitEmailCode, visible } from './widgetSteps.js';

/** An app whose users log in by email and get an embedded wallet at their first login, for `origin`. */
export const freshTestApp = (name: string, origin: string): Promise<TestApp> =>
  createApp({
    name,
    allowed_origins: [origin],
    config: { email_auth: true, embedded_wallet_config: { create_on_login: 'users-without-wallets' } },
  });

const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').trim();

/** Waits until wagmi's account on the page is connected; returns its address. */
async function wagmiConnected(page: Page): Promise<`0x${string}`> {
  await visible(page.getByTestId('wagmi-status').getByText('connected', { exact: true }), 30_000);
  const address = await text(page, 'wagmi-address');
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  return address as `0x${string}`;
}

/** What the user's run on an app showed. */
export interface SignedRun {
  page: Page;
  email: string;
  userId: string;
  address: `0x${string}`;
  identityToken: string;
}

/**
 * A new user on `origin`: logs in by email, sees wagmi connected to the embedded wallet, reloads, sees it
 * connected again with no connect call, signs through wagmi's useSignMessage (approved in the wallet frame),
 * and the signature recovers to that address.
 */
export async function loginReloadAndSign(browser: Browser, origin: string, label: string): Promise<SignedRun> {
  const page = await newUserPage(browser);
  await page.goto(origin);
  const email = uniqueEmail(label);
  await submitEmailCode(page, email);
  await dialog(page).waitFor({ state: 'detached', timeout: 30_000 });
  await visible(page.getByTestId('user-id'));
  const userId = await text(page, 'user-id');
  expect(userId).toMatch(/^did:latch:/);
  const address = await wagmiConnected(page);

  await page.reload();
  await visible(page.getByTestId('user-id'), 30_000);
  expect(await text(page, 'user-id')).toBe(userId);
  expect(await wagmiConnected(page)).toBe(address);

  await page.getByRole('button', { name: 'Sign with wagmi' }).click();
  await approveInFrame(page);
  await visible(page.getByTestId('signature').or(page.getByTestId('error')), 30_000);
  expect(await page.getByTestId('error').count()).toBe(0);
  const signature = (await text(page, 'signature')) as `0x${string}`;
  expect(await verifyMessage({ address, message: SIGNED_MESSAGE, signature })).toBe(true);

  await visible(page.getByTestId('identity-token'));
  return { page, email, userId, address, identityToken: await text(page, 'identity-token') };
}

/**
 * The app's backend (verify-identity.mjs, plain Node with @latch/node) checks the run's identity token: the
 * user, with the email and the wallet among the linked accounts; a token for another app is refused.
 */
export async function expectIdentityVerified(appDir: string, app: TestApp, run: SignedRun): Promise<void> {
  const { apiUrl } = stack();
  const { stdout } = await sh(process.execPath, ['verify-identity.mjs', app.appId, apiUrl, run.identityToken], appDir);
  const verified = JSON.parse(stdout) as { userId: string; linkedAccounts: unknown[] };
  expect(verified.userId).toBe(run.userId);
  const linked = JSON.stringify(verified.linkedAccounts).toLowerCase();
  expect(linked).toContain(run.email.toLowerCase());
  expect(linked).toContain(run.address.toLowerCase());
  const other = await createApp({ name: 'Other App' });
  await expect(
    sh(process.execPath, ['verify-identity.mjs', other.appId, apiUrl, run.identityToken], appDir),
  ).rejects.toThrow(/missing_or_invalid_token/);
}
