#!/usr/bin/env node
// `npm run bench`: every benchmark, printed as figures and ratios against peers measured in the
// same run. Timing goals live here, never in the test suite.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleFigures } from './bundle.mjs';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const BUDGET = 30 * 1024;

const bundle = await bundleFigures(root);
console.log('Bundle (esbuild, minified, splitting, NODE_ENV=production; gzip -9):');
console.log(`  React alone:        initial ${kB(bundle.react.initial)}, all ${kB(bundle.react.total)}`);
console.log(
  `  LatchProvider page: initial ${kB(bundle.latch.initial)}, all ${kB(bundle.latch.total)} (${bundle.latch.chunks} chunks)`,
);
console.log(`  Latch adds:         initial ${kB(bundle.addedInitial)}, all ${kB(bundle.addedTotal)}`);
console.log(
  `  Budget: initial JS Latch adds < ${kB(BUDGET)} — ${bundle.addedInitial < BUDGET ? 'within budget' : 'OVER BUDGET'}`,
);
console.log('  Peers measured the same way (issue figures): Privy ~695 kB, RainbowKit ~338 kB, Dynamic ~1.3 MB');
if (bundle.addedInitial >= BUDGET) process.exitCode = 1;
