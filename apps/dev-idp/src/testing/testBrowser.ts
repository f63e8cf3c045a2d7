import type { Server } from 'node:http';
import { type Browser, chromium } from 'playwright-core';
import type { DevIdp } from '../index.js';

/** Debian's Chromium, headless, for the stand-ins' browser tests (CHROMIUM_PATH overrides the path). */
export function launchTestBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
}

/** Closes what a browser test started, each part only if it started: the browser, the dev IdP, the host page's server. */
export async function closeBrowserTest(parts: { browser?: Browser; idp?: DevIdp; host?: Server }): Promise<void> {
  await parts.browser?.close();
  await parts.idp?.close();
  const { host } = parts;
  if (host) await new Promise((resolve) => host.close(resolve));
}
