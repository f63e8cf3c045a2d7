import { COOKIE_HAND_OFF_REFUSED, HEADER, IDENTITY_API, SESSION_COOKIE } from '@latch/protocol';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, launchBrowser, openDemo, stack, type TestApp, uniqueEmail } from './support.js';
import { demoField, loginByEmail, newUserPage, visible } from './widgetSteps.js';

// The session hand-off (issue #34): a signed-out tab asks (its verifier stays in its sessionStorage), a signed-in page
// forks its session for the challenge, and a link carrying a one-time code — never a session token — brings the
// session to the tab that asked. Login CSRF (issue #24 reproduction 3): no other page is signed in by that link.

/** Whether the address shows the code (it is stripped on load) or any session token. */
const addressClean = (page: Page) =>
  page.waitForFunction(() => !/latch_handoff|latch_token|eyJ/.test(location.href), undefined, { timeout: 20_000 });

/** The signed-out `page` asks for a hand-off; `holder` (signed in) forks its session for it: the link it makes. */
async function handOffLink(page: Page, holder: Page): Promise<string> {
  await page.getByRole('button', { name: 'Ask for a session hand-off' }).click();
  const challenge = page.getByTestId('hand-off-challenge');
  await visible(challenge);
  await holder.getByLabel('Hand-off challenge').fill((await challenge.textContent()) ?? '');
  await holder.getByRole('button', { name: 'Hand off this session' }).click();
  const link = holder.getByTestId('hand-off-link');
  await visible(link);
  return (await link.getAttribute('href')) ?? '';
}

const signedOut = (page: Page) => visible(page.getByText('You are not logged in.'));

describe('session hand-off', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** The hand-off end to end on `app`, with the login-CSRF checks; returns the tab that received the session. */
  async function handOff(app: TestApp, label: string) {
    const holder = await newUserPage(browser);
    await openDemo(holder, app);
    await loginByEmail(holder, uniqueEmail(label));
    const userId = await demoField(holder, 'user-id');
    const tab = await newUserPage(browser);
    await openDemo(tab, app);
    await signedOut(tab);
    const url = await handOffLink(tab, holder);
    expect(new URL(url).searchParams.get('latch_handoff')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The link stolen from the address: a fresh visitor is not signed in, and a logged-in user stays themselves.
    const thief = await newUserPage(browser);
    await thief.goto(url);
    await addressClean(thief);
    await signedOut(thief);
    const victim = await newUserPage(browser);
    await openDemo(victim, app);
    await loginByEmail(victim, uniqueEmail(`${label}-victim`));
    const victimId = await demoField(victim, 'user-id');
    await victim.goto(url);
    await addressClean(victim);
    await visible(victim.getByTestId('user-id'));
    expect(await demoField(victim, 'user-id')).toBe(victimId);

    // The tab that asked redeems it: the holder's user, and the code is gone from the address.
    await tab.goto(url);
    await addressClean(tab);
    await visible(tab.getByTestId('user-id'));
    expect(await demoField(tab, 'user-id')).toBe(userId);
    await tab.reload();
    await visible(tab.getByTestId('user-id'));
    expect(await demoField(tab, 'user-id')).toBe(userId);

    // The code was single-use: the same link, asked for again in a fresh tab, signs no one in.
    const again = await newUserPage(browser);
    await openDemo(again, app);
    await again.getByRole('button', { name: 'Ask for a session hand-off' }).click();
    await visible(again.getByTestId('hand-off-challenge'));
    await again.goto(url);
    await addressClean(again);
    await signedOut(again);
    for (const page of [holder, thief, victim, again]) await page.close();
    return tab;
  }

  it('local mode: hands a session to the tab that asked, and to no one else', async () => {
    const app = await createApp({
      name: 'Hand-off',
      config: { email_auth: true, embedded_wallet_config: { create_on_login: 'off' } },
    });
    const tab = await handOff(app, 'hand-off');
    await tab.close();
  });

  it("cookie mode: a page script's hand-off is refused, by the server and by the client; the page holds no token", async () => {
    const app = await createApp({
      name: 'Hand-off cookies',
      config: { email_auth: true, custom_api_url: stack().apiUrl, embedded_wallet_config: { create_on_login: 'off' } },
    });
    const page = await newUserPage(browser);
    await openDemo(page, app);
    await loginByEmail(page, uniqueEmail('hand-off-cookie'));
    const userId = await demoField(page, 'user-id');
    const refreshCookie = async () =>
      (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE.refreshToken);
    const before = await refreshCookie();
    expect(before?.httpOnly).toBe(true);

    // Issue #34's attack: a script on the page asks for a code with its own challenge, riding the refresh cookie.
    // Were it answered, the script would redeem the code with its verifier from its own machine.
    const attack = await page.evaluate(
      async ({ url, header, appId }) => {
        const b64url = (bytes: Uint8Array) =>
          btoa(String.fromCharCode(...bytes))
            .replace(/\+/g, '-')
            .replace(/\//g, '_')
            .replace(/=+$/, '');
        const verifier = b64url(crypto.getRandomValues(new Uint8Array(32)));
        const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
        const challenge = b64url(new Uint8Array(digest));
        const res = await fetch(url, {
          method: 'POST',
          credentials: 'include',
          headers: { [header]: appId, 'content-type': 'application/json' },
          body: JSON.stringify({ hand_off_challenge: challenge }),
        });
        return { status: res.status, body: (await res.json()) as Record<string, unknown>, challenge };
      },
      { url: `${stack().apiUrl}${IDENTITY_API.fork}`, header: HEADER.appId, appId: app.appId },
    );
    expect(attack.status).toBe(400);
    expect(attack.body).toMatchObject({ error: 'invalid_hand_off', message: COOKIE_HAND_OFF_REFUSED });
    expect(attack.body.hand_off_code).toBeUndefined();

    // The client (useLatch().handOffSession, the demo's panel) refuses with the same error and asks no fork.
    const forks: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(IDENTITY_API.fork)) forks.push(request.url());
    });
    await page.getByLabel('Hand-off challenge').fill(attack.challenge);
    await page.getByRole('button', { name: 'Hand off this session' }).click();
    await visible(page.getByTestId('hand-off-error').getByText(COOKIE_HAND_OFF_REFUSED));
    expect(forks).toEqual([]);
    expect(await page.getByTestId('hand-off-link').count()).toBe(0);

    // Nothing changed: the same refresh cookie (not rotated, not cleared), still this user after a reload.
    expect((await refreshCookie())?.value).toBe(before?.value);
    await page.reload();
    await visible(page.getByTestId('user-id'));
    expect(await demoField(page, 'user-id')).toBe(userId);
    const readable = await page.evaluate(() =>
      JSON.stringify([document.cookie, { ...localStorage }, { ...sessionStorage }]),
    );
    expect(readable).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
    await page.close();
  });
});
