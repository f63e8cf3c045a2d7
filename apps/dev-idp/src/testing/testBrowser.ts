import type { Server } from 'node:http';
import { type Browser, chromium } from 'playwright-core';
import { testChromiumPath } from '../../../../scripts/testChromium.mjs';
import type { DevIdp } from '../index.js';

/** Debian's Chromium, headless (scripts/testChromium.mjs picks it), for the stand-ins' browser tests. */
export function launchTestBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: testChromiumPath(),
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
