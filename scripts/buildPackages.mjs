#!/usr/bin/env node
// `npm run build` (first step): builds @latch/protocol, core, react and node into their dist/ directories.
// Run: node scripts/buildPackages.mjs [name ...]
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPackages, PUBLISHED_PACKAGES } from './tsdown.base.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const names = process.argv.slice(2);
const unknown = names.filter((name) => !PUBLISHED_PACKAGES.includes(name));
if (unknown.length) {
  console.error(`Unknown package(s): ${unknown.join(', ')}. Published packages: ${PUBLISHED_PACKAGES.join(', ')}.`);
  process.exit(1);
}
const started = performance.now();
await buildPackages(root, names.length ? names : PUBLISHED_PACKAGES);
console.log(
  `Built ${(names.length ? names : PUBLISHED_PACKAGES).map((n) => `@latch/${n}`).join(', ')} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
