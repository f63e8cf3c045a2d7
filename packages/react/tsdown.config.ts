import { fileURLToPath } from 'node:url';
import { defineConfig } from 'tsdown';
import { latchPackage } from '../../scripts/tsdown.base.mjs';

// The shared build of every published @latch/* package (scripts/tsdown.base.mjs).
export default defineConfig(latchPackage(fileURLToPath(new URL('.', import.meta.url))));
