import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import axe from 'axe-core';
import { type Browser, chromium, type Frame, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { testChromiumPath } from '../scripts/testChromium.mjs';

/** Where screenshots and other e2e artifacts go (git-ignored). */
export const ARTIFACTS = join(import.meta.dirname, '..', 'artifacts');

/** The chromium flags this machine needs (no background network, no sandbox as root). */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** Launches Debian's Chromium (its headless shell when installed: scripts/testChromium.mjs) through playwright-core. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: testChromiumPath(), args: CHROMIUM_ARGS });
}

/** The URLs of the stack the global setup started. */
export const stack = () => ({ apiUrl: inject('apiUrl'), demoUrl: inject('demoUrl'), devIdpUrl: inject('devIdpUrl') });

/** An app on the test server. */
export interface TestApp {
  appId: string;
  clientId: string;
}

/** Options for a test app: any snake_case config field, plus access rules. */
export interface TestAppOptions {
  name?: string;
  allowed_origins?: string[];
  config?: Record<string, unknown>;
  allowlist?: string[];
  max_users?: number | null;
  access_token_ttl_seconds?: number;
}

/** Creates an app through the dev API (dev mode only); the demo origin is allowed by default. */
export async function createApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { apiUrl, demoUrl } = stack();
  const response = await fetch(`${apiUrl}/api/v1/dev/apps`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ allowed_origins: [demoUrl], ...options }),
  });
  if (response.status !== 201) throw new Error(`createApp: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { app_id: string; client_id: string };
  return { appId: body.app_id, clientId: body.client_id };
}

/** The demo app that `npm start`'s setup created. */
export const demoApp = (): TestApp => ({ appId: inject('demoAppId'), clientId: inject('demoClientId') });

/**
 * SPEC's screen delays (DELAY.successClose 1400 ms, walletCreatedClose 2500, …) as the suites run them: × 0.1,
 * through the widget's test-only LatchOptions.testDelayScale (the demo's ?delayScale=); timeouts stay whole.
 * A test whose subject is a delay opens its page with `realTime`.
 */
export const E2E_DELAY_SCALE = 0.1;

/** Whether a page runs SPEC's delays at real time (the default is E2E_DELAY_SCALE). */
export interface DemoTiming {
  realTime?: boolean;
}

/** The demo's query for `app` (and `extra` settings), with the suites' delay scale unless `realTime`. */
export function demoQuery(app: TestApp, extra: Record<string, string> = {}, timing: DemoTiming = {}): URLSearchParams {
  const query = new URLSearchParams({ appId: app.appId, clientId: app.clientId, apiUrl: stack().apiUrl, ...extra });
  if (!timing.realTime) query.set('delayScale', String(E2E_DELAY_SCALE));
  return query;
}

/** Opens the demo host page for an app (SPEC's delays scaled unless `timing.realTime`). */
export async function openDemo(page: Page, app: TestApp = demoApp(), timing: DemoTiming = {}): Promise<void> {
  await page.goto(`${stack().demoUrl}/?${demoQuery(app, {}, timing)}`);
}

/** A message from the dev outbox. */
export interface OutboxMessage {
  channel: 'email' | 'sms';
  recipient: string;
  code: string;
  /** Email only. */
  subject?: string;
  text: string;
  sent_at: string | number;
}

/** The notices (messages without a code) sent to `recipient`, newest first: their subject or text. */
export async function notices(recipient: string): Promise<string[]> {
  return (await outbox())
    .filter((m) => m.recipient === recipient && !m.code)
    .map((m) => `${m.subject ?? ''} ${m.text}`);
}

/** Reads the dev outbox (newest first). */
export async function outbox(): Promise<OutboxMessage[]> {
  const response = await fetch(`${stack().apiUrl}/api/v1/dev/outbox`);
  if (!response.ok) throw new Error(`outbox: ${response.status}`);
  return (await response.json()) as OutboxMessage[];
}

/**
 * Waits for a code sent to `recipient` that was not in `seen` (codes read before), and returns it.
 * Notices (a new device, a key export) carry no code and are skipped.
 */
export async function latestCode(recipient: string, seen: readonly string[] = [], timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const message = (await outbox()).find((m) => m.recipient === recipient && m.code && !seen.includes(m.code));
    if (message) return message.code;
    if (Date.now() > deadline) throw new Error(`no code reached ${recipient} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Saves a full-page screenshot as artifacts/screenshots/<name>.png and returns its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  const dir = join(ARTIFACTS, 'screenshots');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Runs axe-core in the page; returns the serious and critical violations (ids and targets). */
export async function seriousA11yViolations(page: Page): Promise<Array<{ id: string; targets: string[] }>> {
  // Once per document: parsing axe's half megabyte again at every check of one page cost ~0.5 s each.
  if (!(await hasAxe(page))) await page.addScriptTag({ content: axe.source });
  return axeViolations(page);
}

/** axe-core inside a frame whose CSP forbids injected script tags (DevTools evaluation is not a script tag). */
export async function frameA11yViolations(frame: Frame): Promise<Array<{ id: string; targets: string[] }>> {
  if (!(await hasAxe(frame))) await frame.evaluate(axe.source);
  return axeViolations(frame);
}

/** Whether `target`'s current document already holds axe-core (a navigation starts without it). */
const hasAxe = (target: Page | Frame): Promise<boolean> =>
  // biome-ignore lint/suspicious/noExplicitAny: axe is a page global without types.
  target.evaluate(() => typeof (window as any).axe?.run === 'function');

/** Runs the axe-core already in `target`; returns the serious and critical violations. */
async function axeViolations(target: Page | Frame): Promise<Array<{ id: string; targets: string[] }>> {
  const violations = await target.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is a page global without types.
    const result = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return result.violations as Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, targets: v.nodes.flatMap((n) => n.target) }));
}

/** A unique email address for one test. */
export const uniqueEmail = (label: string) =>
  `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** The EIP-6963 info the wallet specs announce their injected test wallet with. */
export const TEST_WALLET_INFO = {
  uuid: '6f1c2a52-5d0e-4c54-9d8e-0a4f7b9e8c11',
  name: 'Test Wallet',
  icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"%3E%3Crect width="24" height="24" rx="6" fill="%23676FFF"/%3E%3C/svg%3E',
  rdns: 'com.example.testwallet',
};

/**
 * For a describe block: one browser, and one app per colour scheme with `config` (named `name scheme`),
 * made before its tests; the browser closes after them.
 */
export function browserWithSchemeApps(name: string, config: TestAppOptions['config']) {
  let browser: Browser | undefined;
  const apps: Partial<Record<'light' | 'dark', TestApp>> = {};
  beforeAll(async () => {
    browser = await launchBrowser();
    for (const scheme of ['light', 'dark'] as const) {
      apps[scheme] = await createApp({ name: `${name} ${scheme}`, config: { ...config, color_scheme: scheme } });
    }
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    browser(): Browser {
      if (!browser) throw new Error('The browser is not ready (used outside a test?)');
      return browser;
    },
    app(scheme: 'light' | 'dark'): TestApp {
      const app = apps[scheme];
      if (!app) throw new Error('The apps are not ready (used outside a test?)');
      return app;
    },
  };
}
