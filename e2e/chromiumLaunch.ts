import type { LaunchOptions } from 'playwright-core';

/**
 * How the run's one Chromium starts (e2e/globalSetup.ts): Debian's, with the flags this machine needs (no background
 * network, no sandbox as root).
 */
export const CHROMIUM_LAUNCH: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
};
