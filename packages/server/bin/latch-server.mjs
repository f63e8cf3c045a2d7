#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, so the server needs no build step.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const cli = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'cli.ts');
// Resolved from this package, so the command works from any directory.
const tsx = import.meta.resolve('tsx');
// --conditions: @latch/protocol from its source in the monorepo (scripts/tsdown.base.mjs), as tsx runs the server's.
const child = spawn(process.execPath, ['--conditions=@latch/source', '--import', tsx, cli, ...process.argv.slice(2)], {
  stdio: 'inherit',
});
// Pass stop signals on (a process manager may signal only this wrapper) and wait for the graceful exit.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
