#!/usr/bin/env node
// The `latch-server` command. An installed package (no src/ in its tarball) runs the compiled program in dist/,
// in this process: no TypeScript tooling at run time. A checkout of the repository runs the source you edit,
// through tsx, so no build step stands between an edit and a run (`npm run build -w @latch/server` makes dist/).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath } from 'node:url';

const source = fileURLToPath(new URL('../src/cli.ts', import.meta.url));

if (existsSync(source)) {
  // Resolved from this package, so the command works from any directory; @latch/* from their source too.
  const tsx = import.meta.resolve('tsx');
  const args = ['--conditions=@latch/source', '--import', tsx, source, ...process.argv.slice(2)];
  const child = spawn(process.execPath, args, { stdio: 'inherit' });
  // Pass stop signals on (a process manager may signal only this wrapper) and wait for the graceful exit.
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  // Node 22.1+ keeps the compiled bytecode of the server and its dependencies on disk, so later starts skip
  // most of parsing and compiling them; older Node has no such cache and starts as before.
  module.enableCompileCache?.();
  const { runCli } = await import('../dist/cli.js');
  // `start` resolves once listening and keeps running; other commands resolve to their exit code.
  process.exitCode = await runCli(process.argv.slice(2));
}
