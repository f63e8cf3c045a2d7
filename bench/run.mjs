#!/usr/bin/env node
// `npm run bench`: every benchmark, printed as figures and ratios against peers measured in the
// same run. Timing goals live here, never in the test suite.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPackages } from '../scripts/tsdown.base.mjs';
import { browserFigures } from './browser/browserFigures.mjs';
import { bundleFigures, FRAME_BUDGET, frameFigures } from './bundle.mjs';
import { formatPasskeyCpuFigures, passkeyCpuFigures } from './server/passkeyCpuFigures.mjs';
import { formatServerFigures, serverFigures } from './server/serverFigures.mjs';
import { formatStartTimeFigures, startTimeFigures } from './server/startTime.mjs';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const BUDGET = 30 * 1024;

// The budget holds on the packages as a host installs them (their builds); the source figure is printed beside it.
await buildPackages(root);
const bundle = await bundleFigures(root, { from: 'built' });
const fromSource = await bundleFigures(root, { from: 'source' });
console.log('Bundle (esbuild, minified, splitting, NODE_ENV=production; gzip -9; @latch/* from their built dist/):');
console.log(`  React alone:        initial ${kB(bundle.react.initial)}, all ${kB(bundle.react.total)}`);
console.log(
  `  LatchProvider page: initial ${kB(bundle.latch.initial)}, all ${kB(bundle.latch.total)} (${bundle.latch.chunks} chunks)`,
);
console.log(`  Latch adds:         initial ${kB(bundle.addedInitial)}, all ${kB(bundle.addedTotal)}`);
console.log(
  `  (from source, the monorepo's @latch/source condition: initial ${kB(fromSource.addedInitial)}, all ${kB(fromSource.addedTotal)})`,
);
console.log(
  `  Budget: initial JS Latch adds < ${kB(BUDGET)} — ${bundle.addedInitial < BUDGET ? 'within budget' : 'OVER BUDGET'}`,
);
const { provider } = bundle;
console.log(
  `  of which the embedded wallet's EIP-1193 provider: initial ${kB(provider.gzip)} (${provider.modules.length} module${provider.modules.length === 1 ? '' : 's'} it alone pulls in; gzip share by chunk ratio)`,
);
console.log(
  `  send screen and gas logic: ${provider.eagerSendModules.length === 0 ? 'lazy' : `IN THE INITIAL JS — ${provider.eagerSendModules.join(', ')}`}`,
);
if (provider.eagerSendModules.length > 0) process.exitCode = 1;
console.log('  Peers measured the same way (issue figures): Privy ~695 kB, RainbowKit ~338 kB, Dynamic ~1.3 MB');
if (bundle.addedInitial >= BUDGET) process.exitCode = 1;

const frame = await frameFigures(root);
console.log('');
console.log('Wallet frame (served content-hashed and immutable; gzip -9 and brotli 11 made at build time):');
for (const { script, file, raw, gzip, brotli } of frame.scripts) {
  const over = script === 'frame.js' && gzip >= FRAME_BUDGET;
  console.log(
    `  ${script} (${file}): ${kB(raw)} raw, ${kB(gzip)} gzip, ${kB(brotli)} brotli${script === 'frame.js' ? ` — budget < ${kB(FRAME_BUDGET)} gzip: ${over ? 'OVER BUDGET' : 'within budget'}` : ''}`,
  );
  if (over) process.exitCode = 1;
}

const server = await serverFigures(root);
console.log('');
for (const line of formatServerFigures(server)) console.log(line);
if (server.backends.some(({ rows }) => rows?.some(({ latch, betterAuth }) => latch?.error || betterAuth?.error))) {
  process.exitCode = 1;
}

const passkeyCpu = await passkeyCpuFigures(root);
console.log('');
for (const line of formatPasskeyCpuFigures(passkeyCpu)) console.log(line);
if (passkeyCpu.failed) process.exitCode = 1;

const startTime = await startTimeFigures(root);
console.log('');
for (const line of formatStartTimeFigures(startTime)) console.log(line);
if (startTime.rows.some((row) => row.error)) process.exitCode = 1;

const browser = await browserFigures(root).catch((error) => ({ failed: error.message }));
console.log('');
if (browser.failed) {
  console.log(`Browser (Chromium): FAILED — ${browser.failed}`);
  process.exitCode = 1;
} else if (browser.skipped) {
  console.log(`Browser (Chromium): skipped — ${browser.skipped}`);
} else {
  console.log(
    `Browser (Chromium, production build of the demo against the real server, cold cache, median of ${browser.runs}):`,
  );
  console.log(`  navigation start → "Log in" button rendered and enabled: ${browser.buttonMs.toFixed(0)} ms`);
  console.log(
    `    of which: page scripts run (DOMContentLoaded) ${browser.domContentLoadedMs.toFixed(0)} ms; app-config request ${browser.configStartMs.toFixed(0)}–${browser.configEndMs.toFixed(0)} ms`,
  );
  console.log(`  click → landing screen's email input rendered and focused: ${browser.clickToLandingMs.toFixed(0)} ms`);
  console.log(
    `  navigation start → landing screen interactive (button clicked at once): ${browser.landingMs.toFixed(0)} ms`,
  );
  const { wallet } = browser;
  if (wallet.failed) {
    console.log(`  embedded wallet: FAILED — ${wallet.failed}`);
    process.exitCode = 1;
  } else {
    console.log(
      `  email code submitted → embedded wallet ready (created in the frame, new user, median of ${wallet.walletRuns}): ${wallet.walletReadyMs.toFixed(0)} ms (min ${wallet.walletReadyMinMs.toFixed(0)}, max ${wallet.walletReadyMaxMs.toFixed(0)})`,
    );
    console.log(
      `  personal_sign through the wallet frame (no prompt, host → frame → host, median of ${wallet.signRuns}): ${wallet.signMs.toFixed(1)} ms`,
    );
    const { send } = wallet;
    if (send.failed) {
      console.log(`  eth_sendTransaction on anvil: FAILED — ${send.failed}`);
      process.exitCode = 1;
    } else {
      console.log(
        `  eth_sendTransaction through the wallet frame on anvil (no screen, request → hash with the receipt, median of ${send.runs}): ${send.ms.toFixed(1)} ms (min ${send.minMs.toFixed(1)}, max ${send.maxMs.toFixed(1)}); nonce +${send.nonceAdvance}`,
      );
    }
  }
}
