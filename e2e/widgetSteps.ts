import type { Browser, BrowserContextOptions, FrameLocator, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { recordDialogsIn, sawInDialog, watchDialogFor } from './dialogWatch.js';
import { latestCode, outbox, saveScreenshot, seriousA11yViolations } from './support.js';

/** The widget's dialog on the page. */
export const dialog = (page: Page): Locator => page.getByRole('dialog');

/** Waits until `locator` is visible (polling, no fixed sleeps). */
export async function visible(locator: Locator, timeout = 20_000): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout });
}

let network = 0;

/**
 * A page for one new user, on its own network: the server throttles code sends per client IP, and
 * believes X-Forwarded-For from a loopback peer (its reverse proxy), so each test user gets its own.
 */
export function newUserPage(browser: Browser, width = 1024): Promise<Page> {
  return userPage(browser, { viewport: { width, height: 768 } });
}

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** newUserPage on a phone: phone-sized, touch, a mobile agent (where wallets are apps, not browser extensions). */
export function phonePage(browser: Browser): Promise<Page> {
  const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: IPHONE_UA };
  return userPage(browser, phone);
}

/** A page in a browser context of its own made with `options`, as one user on one network address. */
async function userPage(browser: Browser, options: BrowserContextOptions): Promise<Page> {
  network += 1;
  const address = `198.51.${Math.floor(Math.random() * 200)}.${(network % 250) + 1}`;
  const context = await browser.newContext(options);
  // Screens that go by themselves are recorded as they render (see dialogWatch.ts).
  await recordDialogsIn(context);
  // Added below the page's CORS checks (as a proxy would), only to the API's own calls.
  await context.route(/\/api\/v1\//, (route) =>
    // A request still in flight when the test closes its page has nowhere to go: drop it quietly.
    route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }).catch(() => undefined),
  );
  const page = await context.newPage();
  page.on('close', () => {
    context.close().catch(() => undefined);
  });
  return page;
}

// The numbers this file has handed out: two tests of one file never share one.
const usedLines = new Set<number>();

/** A phone number unique to one test, valid for the US (the widget's default country). */
export const uniquePhone = (): { national: string; e164: string } => {
  // Files run side by side and read one outbox: each worker (VITEST_POOL_ID 1, 2, …) draws from its own
  // thousand numbers, so a code sent to a phone is never the one another file waits for.
  const slice = ((Number(process.env.VITEST_POOL_ID ?? 1) - 1) % 10) * 1000;
  let line: number;
  do line = slice + Math.floor(Math.random() * 1000);
  while (usedLines.has(line));
  usedLines.add(line);
  const digits = String(line).padStart(4, '0');
  return { national: `201555${digits}`, e164: `+1201555${digits}` };
};

/** Codes already in the outbox for `recipient`, so the next wait returns only a new one. */
export async function seenCodes(recipient: string): Promise<string[]> {
  return (await outbox()).filter((m) => m.recipient === recipient).map((m) => m.code);
}

/** Clicks the demo's 'Log in' and waits for LANDING. */
export async function openLogin(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await visible(dialog(page).getByRole('heading', { name: 'Log in or sign up' }));
}

/** Types an email on the current screen and submits it with Enter. */
export async function submitEmail(page: Page, email: string): Promise<void> {
  const input = dialog(page).getByRole('textbox', { name: /email/i });
  await input.fill(email);
  await input.press('Enter');
  await visible(dialog(page).getByRole('group'));
}

/** Types a national US number on the current screen and submits it. */
export async function submitPhone(page: Page, national: string): Promise<void> {
  const input = dialog(page).getByRole('textbox', { name: 'Phone number' });
  await input.click();
  await input.pressSequentially(national);
  await dialog(page).locator('form:has(input[type=tel])').getByRole('button', { name: 'Submit' }).click();
  await visible(dialog(page).getByRole('group'));
}

/** Types a code digit by digit, as a person does: focus moves box to box and the code submits when full. */
export async function typeCode(page: Page, code: string): Promise<void> {
  // The widget root is the dialog, or the section of the standalone embed.
  await page.locator('[data-latch-root]').getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
}

/** Reads the new code sent to `recipient` and types it. */
export async function enterCodeFor(page: Page, recipient: string, seen: string[] = []): Promise<void> {
  await typeCode(page, await latestCode(recipient, seen));
}

/**
 * Runs `action`, then waits for 'Success!' and for the dialog to close. The success screen goes by itself (SPEC §9:
 * closes after 1400 ms, or moves on after 900): it is watched from before the action, so it cannot be missed.
 */
export async function expectSuccessAndClose(page: Page, action: () => Promise<unknown>): Promise<void> {
  await watchDialogFor(page, 'Success!');
  await action();
  await sawInDialog(page, 'Success!');
  await dialog(page).waitFor({ state: 'detached', timeout: 20_000 });
}

/** Opens the login, sends a code to `email` and types it (what follows depends on the app). */
export async function submitEmailCode(page: Page, email: string): Promise<void> {
  await openLogin(page);
  const seen = await seenCodes(email);
  await submitEmail(page, email);
  await enterCodeFor(page, email, seen);
}

/** Logs a new user in by email from the demo page, end to end. */
export async function loginByEmail(page: Page, email: string): Promise<void> {
  await expectSuccessAndClose(page, () => submitEmailCode(page, email));
  await visible(page.getByTestId('user-email').getByText(email));
}

/** The text the demo shows for the logged-in user's field, or null when logged out. */
export async function demoField(page: Page, field: 'user-id' | 'user-email' | 'user-phone'): Promise<string | null> {
  const locator = page.getByTestId(field);
  return (await locator.count()) ? locator.textContent() : null;
}

/** Saves a screenshot and checks axe-core finds no serious or critical violation. */
export async function checkScreen(page: Page, name: string): Promise<void> {
  // Let the open transition and lazy screen settle before looking.
  await page.waitForFunction(() => !document.querySelector('[data-latch-root] [aria-busy="true"]'));
  await saveScreenshot(page, name);
  expect(await seriousA11yViolations(page)).toEqual([]);
}

/**
 * checkScreen in both colour schemes: as the app set it (`<name>-<scheme>`), then in the other (`<name>-<other>`,
 * withOtherScheme). One journey thus renders and checks each screen in both, where the journey itself runs once;
 * the config → attribute mapping is screens.spec.ts' and appearance.spec.ts'.
 */
export async function checkScreenInBothSchemes(page: Page, name: string): Promise<void> {
  await checkScreen(page, `${name}-${await schemeOf(page)}`);
  await withOtherScheme(page, async (other) => checkScreen(page, `${name}-${other}`));
}

/** The colour scheme the page's widget shows (its first root's `data-latch-theme`; light once the widget has closed). */
const schemeOf = (page: Page): Promise<string> =>
  // Read at once, not waited for: a screen that closes itself (SPEC's auto-close delays) may be gone by now.
  page.evaluate(() => document.querySelector('[data-latch-root]')?.getAttribute('data-latch-theme') ?? 'light');

/**
 * Runs `check` with every widget root switched to the other colour scheme, then switches back. The schemes are CSS
 * keyed on the root's `data-latch-theme` (layout.css), so this is the screen as an app in that scheme shows it.
 */
export async function withOtherScheme<T>(page: Page, check: (other: 'light' | 'dark') => Promise<T>): Promise<T> {
  const own = await schemeOf(page);
  const other = own === 'dark' ? 'light' : 'dark';
  const set = (scheme: string) =>
    page.evaluate((value) => {
      for (const root of document.querySelectorAll('[data-latch-root]')) root.setAttribute('data-latch-theme', value);
    }, scheme);
  await set(other);
  try {
    return await check(other);
  } finally {
    await set(own);
  }
}

/** The step-up screen ('Confirm it's really you'), a dialog of its own over the one whose action asked for it. */
export const stepUpDialog = (page: Page): Locator => page.locator('dialog[data-latch-step-up]');

/**
 * Steps up with a code: waits for the step-up screen, presses its 'Send a code to …' button for the
 * (masked) `label`, types the code sent to `recipient` and waits for the screen to go (the action goes on).
 */
export async function stepUpWithCode(page: Page, recipient: string, screenshot?: string): Promise<void> {
  const screen = stepUpDialog(page);
  await visible(screen.getByRole('heading', { name: "Confirm it's really you" }), 30_000);
  if (screenshot) await checkScreen(page, screenshot);
  const seen = await seenCodes(recipient);
  await screen
    .getByRole('button', { name: /^Send a code to / })
    .first()
    .click();
  await visible(screen.getByRole('group'));
  if (screenshot) await checkScreen(page, `${screenshot}-code`);
  await screen.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(await latestCode(recipient, seen));
  await screen.waitFor({ state: 'detached', timeout: 20_000 });
}

/** Steps up with the linked wallet `address`: its 'Sign with …' button; the page's wallet signs the message. */
export async function stepUpWithWallet(page: Page, address: string): Promise<void> {
  const screen = stepUpDialog(page);
  await visible(screen.getByRole('heading', { name: "Confirm it's really you" }), 30_000);
  await screen.getByRole('button', { name: new RegExp(`^Sign with ${address.slice(0, 6)}`, 'i') }).click();
  await screen.waitFor({ state: 'detached', timeout: 20_000 });
}

/** The wallet frame, where the user approves signatures (issue #24: the confirmation is the frame's own). */
export const walletFrame = (page: Page): FrameLocator => page.frameLocator('iframe[title="Latch embedded wallet"]');

/** Clicks the frame's 'Sign and continue' or 'Submit' (enabled once it has been on screen long enough). */
export async function approveInFrame(page: Page, button: 'Sign and continue' | 'Submit' = 'Sign and continue') {
  await walletFrame(page).getByRole('button', { name: button }).click({ timeout: 30_000 });
}
