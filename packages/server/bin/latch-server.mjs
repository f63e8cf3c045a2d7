#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, so the server needs no build step.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const cli = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'cli.ts');
// Resolved from this package, so the command works from any directory.
const tsx = import.meta.resolve('tsx');
const result = spawnSync(process.execPath, ['--import', tsx, cli, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
