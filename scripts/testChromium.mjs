// The Chromium the tests drive. Debian's `chromium-headless-shell` (the same Chromium build in its old headless
// mode: no browser UI to run) when it is installed: measured on the 2-core CI machine it spent a third of the CPU
// of `chromium --headless` on one e2e file (9 s against 29 s), and the e2e suite is CPU-bound. Else `chromium`.
import { existsSync } from 'node:fs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The browser executable for tests: CHROMIUM_PATH, else Debian's headless shell when installed, else its chromium. */
export function testChromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';
}
