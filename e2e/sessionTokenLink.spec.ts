import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, launchBrowser, openDemo, stack, type TestApp, uniqueEmail } from './support.js';
import { demoField, loginByEmail, newUserPage, visible } from './widgetSteps.js';

/** A forked refresh token of the page's session (what an attacker puts in a `?latch_token=` link). */
async function forkedToken(page: Page, app: TestApp): Promise<string> {
  const { apiUrl } = stack();
  return page.evaluate(
    async ({ apiUrl, appId, clientId }) => {
      const refreshToken = localStorage.getItem(`latch:${appId}:refresh_token`);
      const res = await fetch(`${apiUrl}/api/v1/sessions/fork`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'latch-app-id': appId, 'latch-client-id': clientId },
        body: JSON.stringify({ refresh_token: refreshToken }),
      });
      const body = (await res.json()) as { refresh_token: string };
      return body.refresh_token;
    },
    { apiUrl, appId: app.appId, clientId: app.clientId },
  );
}

// Issue #24 reproduction 3 (login CSRF): a link carrying another user's session token.
describe('session token in the address', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("leaves a logged-in user themselves when a link carries another user's token, and strips the parameter", async () => {
    const app = await createApp({ name: 'Login CSRF', config: { email_auth: true } });
    const attacker = await newUserPage(browser);
    await openDemo(attacker, app);
    await loginByEmail(attacker, uniqueEmail('csrf-attacker'));
    const attackerId = await demoField(attacker, 'user-id');
    const attackerToken = await forkedToken(attacker, app);
    await attacker.close();

    const victim = await newUserPage(browser);
    await openDemo(victim, app);
    await loginByEmail(victim, uniqueEmail('csrf-victim'));
    const victimId = await demoField(victim, 'user-id');
    expect(victimId).not.toBe(attackerId);

    // The victim follows the attacker's link to the same page.
    const link = new URL(victim.url());
    link.searchParams.set('latch_token', attackerToken);
    await victim.goto(link.toString());
    await visible(victim.getByTestId('user-id'));
    await victim.waitForFunction(() => !new URL(location.href).searchParams.has('latch_token'));
    expect(await demoField(victim, 'user-id')).toBe(victimId);
    await victim.reload();
    await visible(victim.getByTestId('user-id'));
    expect(await demoField(victim, 'user-id')).toBe(victimId);

    // A fresh visitor following the link is not signed into the attacker's account either.
    const fresh = await newUserPage(browser);
    await openDemo(fresh, app);
    const freshLink = new URL(fresh.url());
    freshLink.searchParams.set('latch_token', attackerToken);
    await fresh.goto(freshLink.toString());
    await visible(fresh.getByText('You are not logged in.'));
    await fresh.waitForFunction(() => !new URL(location.href).searchParams.has('latch_token'));
    expect(await fresh.getByTestId('user-id').count()).toBe(0);
    await victim.close();
    await fresh.close();
  });
});
