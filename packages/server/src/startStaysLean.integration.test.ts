import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../../../scripts/freePort.mjs';

// What a start on the embedded database must not load: drivers of services it does not use, viem (wallet requests
// load it) and libphonenumber-js (the first phone number loads it). Each costs 40–250 ms of the start
// (bench/server/startTime.mjs prints the start time). smtp-server is the mail sink's alone (latch-server mail-sink).
const NOT_AT_START = ['viem', 'pg', 'ioredis', 'nodemailer', 'libphonenumber-js', 'smtp-server'];

const dir = mkdtempSync(join(tmpdir(), 'latch-start-lean-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('starts on the embedded database without loading viem, libphonenumber-js or the PostgreSQL, Redis and SMTP drivers', async () => {
  // A module-resolution hook (its own thread) writes every package file the server process resolves.
  const log = join(dir, 'resolved.txt');
  const hooks = join(dir, 'hooks.mjs');
  writeFileSync(
    hooks,
    `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (result.url.includes('/node_modules/')) appendFileSync(${JSON.stringify(log)}, result.url + '\\n');
  return result;
}
`,
  );
  const register = join(dir, 'register.mjs');
  writeFileSync(
    register,
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
  );

  const port = await freePort();
  const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
  const child = spawn(
    process.execPath,
    ['--conditions=@latch/source', '--import', 'tsx', '--import', register, cli, 'start'],
    {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: {
        PATH: process.env.PATH ?? '',
        LATCH_DEV: '1',
        LATCH_PORT: String(port),
        LATCH_DATA_DIR: join(dir, '.latch'),
        LATCH_LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  try {
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`latch-server exited (${child.exitCode}): ${stderr}`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`latch-server did not answer: ${stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  }
  const packages = new Set(
    readFileSync(log, 'utf8')
      .split('\n')
      .map((url) => url.match(/\/node_modules\/((?:@[^/]+\/)?[^/]+)\//)?.[1])
      .filter((name): name is string => Boolean(name)),
  );
  // The hook saw the server's own dependencies (it would pass vacuously if it saw nothing).
  expect(packages).toContain('@electric-sql/pglite');
  expect(packages).toContain('hono');
  expect(NOT_AT_START.filter((name) => packages.has(name))).toEqual([]);
}, 120_000);
