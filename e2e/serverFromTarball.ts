// The auth server as an operator gets it: @latch/server and @latch/protocol packed with `npm pack` (the run's one
// pack, e2e/sharedPack.ts), installed with npm into a directory outside the repository, and run as `npx latch-server`.
// Used by serverTarball.spec.ts; other specs (the fresh-app e2e) may reuse it.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitForHttp } from '../scripts/stack.mjs';

const NPM = 'npm';

/** Makes `dir` an npm project with the tarballs installed, from npm's cache where it can (no audit, no fund). */
export function installTarballs(dir: string, tarballs: readonly string[]): void {
  if (!existsSync(join(dir, 'package.json'))) {
    writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'latch-tarball-host', private: true })}\n`);
  }
  execFileSync(NPM, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', ...tarballs], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Every installed package directory named `name` under `dir`'s node_modules, nested ones included. */
export function installedCopies(dir: string, name: string): string[] {
  const found: string[] = [];
  const walk = (modules: string) => {
    if (!existsSync(modules)) return;
    for (const entry of readdirSync(modules, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const inside = entry.name.startsWith('@')
        ? readdirSync(join(modules, entry.name)).map((n) => join(entry.name, n))
        : [entry.name];
      for (const pkg of inside) {
        if (pkg === name) found.push(join(modules, pkg));
        walk(join(modules, pkg, 'node_modules'));
      }
    }
  };
  walk(join(dir, 'node_modules'));
  return found;
}

/** The environment of a server run from `dir`: its own data directory, nothing inherited from the caller's LATCH_*. */
function serverEnv(dir: string, env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? dir,
    LATCH_DATA_DIR: join(dir, '.latch'),
    LATCH_LOG_LEVEL: 'warn',
    ...env,
  };
}

/** Runs `npx latch-server <args>` in `dir` to completion; returns its stdout (throws with its output on failure). */
export function latchServerCli(dir: string, args: readonly string[], env: Record<string, string> = {}): string {
  return execFileSync('npx', ['--no-install', 'latch-server', ...args], {
    cwd: dir,
    env: serverEnv(dir, env),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** A `latch-server start` running from an installed tarball. */
export interface InstalledServer {
  url: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the first answer of /healthz. */
  startMs: number;
  /** Its stderr so far (for failure messages). */
  stderr(): string;
  stop(): Promise<void>;
}

/** Starts `npx latch-server start` in `dir` on `port` and waits for /healthz to answer. */
export async function startInstalledServer(
  dir: string,
  port: number,
  env: Record<string, string> = {},
): Promise<InstalledServer> {
  const url = `http://localhost:${port}`;
  const started = performance.now();
  const child = spawn('npx', ['--no-install', 'latch-server', 'start'], {
    cwd: dir,
    env: serverEnv(dir, { LATCH_PORT: String(port), LATCH_PUBLIC_URL: url, ...env }),
    stdio: ['ignore', 'ignore', 'pipe'],
    // Its own process group: npx runs node as a child, and the stop signal must reach both.
    detached: true,
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      const signalGroup = (signal: NodeJS.Signals) => {
        try {
          if (child.pid) process.kill(-child.pid, signal);
        } catch {
          // Already gone.
        }
      };
      signalGroup('SIGTERM');
      setTimeout(() => signalGroup('SIGKILL'), 5000).unref();
    });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) => reject(new Error(`latch-server exited (${code ?? signal}):\n${stderr}`))),
  );
  exited.catch(() => undefined);
  try {
    // A first start (npx, then creating and migrating the embedded database) took 8 s on a quiet 2-core machine and
    // may take more than 30 s beside the integration suite (this test failed once in CI, its cause not printed).
    await Promise.race([waitForHttp(`${url}/healthz`, 120_000), exited]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, child, startMs: performance.now() - started, stderr: () => stderr, stop };
}
