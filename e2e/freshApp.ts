// The steps of the fresh-app e2e (freshAppVite.spec.ts, freshAppNext.spec.ts): make an app from the official
// Vite React + TypeScript template outside the repository, install the tarballs there, serve its build.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, readFileSync, renameSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { promisify } from 'node:util';

export { undeclaredImports } from '../scripts/undeclaredImports.mjs';

import { documentedInstall } from './freshAppDocs.js';
import type { LatchRegistry } from './freshAppRegistry.js';

const run = promisify(execFile);
export const ROOT = join(import.meta.dirname, '..');
/** create-vite's official React + TypeScript template, as `npm create vite -- --template react-ts` copies it. */
export const TEMPLATE = join(ROOT, 'node_modules', 'create-vite', 'template-react-ts');

/**
 * The environment for npm in the fresh app: without the npm_* variables an outer `npm test` sets (its
 * workspace and package), which would make the inner npm act on the monorepo.
 */
export function npmEnv(): NodeJS.ProcessEnv {
  const keep = new Set(['npm_config_cache', 'npm_config_registry', 'npm_config_userconfig']);
  return Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_') || keep.has(key.toLowerCase())),
  );
}

/** Runs a command to completion; throws with its output when it fails. */
export async function sh(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = npmEnv()) {
  try {
    return await run(command, args, { cwd, env, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${stderr ?? ''}\n${stdout ?? ''}`);
  }
}

/**
 * Runs the install line docs/install.md documents under `## heading` in `appDir`, as written; npm finds the
 * @latch scope in `registry` (the tarballs, where a real app finds npmjs.org) and everything else as usual.
 */
export async function installDocumented(appDir: string, heading: string, registry: LatchRegistry) {
  return sh(
    'npm',
    [...documentedInstall(heading), registry.flag, '--prefer-offline', '--no-audit', '--no-fund'],
    appDir,
  );
}

/** A TCP port free on localhost right now (for a server that must be told its port). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Copies the template into `dir` as create-vite does (it ships `.gitignore` as `_gitignore`). */
export function copyTemplate(dir: string): void {
  cpSync(TEMPLATE, dir, { recursive: true });
  renameSync(join(dir, '_gitignore'), join(dir, '.gitignore'));
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/** Serves `dir` (a built single-page app: unknown paths get index.html) on localhost; returns its origin. */
export async function serveStatic(dir: string): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)).replace(
      /^(\.\.[/\\])+/,
      '',
    );
    let file = join(dir, path);
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) file = join(dir, 'index.html');
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
