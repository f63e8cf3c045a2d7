// Starts the whole product: the auth server (dev mode, embedded PGlite) with a demo app, and the
// demo host app. Shared by `npm start` and the e2e suite so both run the same thing.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'packages/server/src/cli.ts');

/** Runs the server CLI once and returns its stdout (throws with its stderr on failure). */
export function runCli(args, env) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`latch-server ${args.join(' ')} failed:\n${result.stderr}${result.stdout}`);
  return result.stdout;
}

/** Runs a Node script to completion (throws with its output on failure). */
function runNode(script) {
  const result = spawnSync(process.execPath, [script], { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${script} failed:\n${result.stderr}${result.stdout}`);
}

/** Creates the demo app on first run, reuses it later; returns its ids. */
export function ensureDemoApp(origin, env) {
  const out = runCli(['apps', 'ensure-demo', '--origin', origin], env);
  const line = out
    .trim()
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{'));
  if (!line) throw new Error(`ensure-demo printed no JSON:\n${out}`);
  const { app_id: appId, client_id: clientId } = JSON.parse(line);
  return { appId, clientId };
}

/** Polls a URL until it answers (any status) or the time runs out. */
export async function waitForHttp(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(url);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms: ${error}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** Spawns a long-running child with its output prefixed; returns the child. */
function launch(name, command, args, options) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => `[${name}] ${line}\n`)
      .join('');
  child.stdout.on('data', (chunk) => options.quiet || process.stdout.write(prefix(chunk)));
  child.stderr.on('data', (chunk) => process.stderr.write(prefix(chunk)));
  return child;
}

/**
 * Starts server and demo. Options: apiPort, demoPort, dataDir, quiet (hide stdout of children; a quiet stack is a
 * test suite's, so its demo runs without HMR: a file saved during a run must not reload the pages under test).
 * Returns { apiUrl, demoUrl, appId, clientId, children, stop() }.
 */
export async function startStack({ apiPort, demoPort, dataDir, quiet = false, extraEnv = {} }) {
  const apiUrl = `http://localhost:${apiPort}`;
  const demoUrl = `http://localhost:${demoPort}`;
  const serverEnv = {
    LATCH_DEV: '1',
    LATCH_PORT: String(apiPort),
    LATCH_DATA_DIR: dataDir,
    LATCH_PUBLIC_URL: apiUrl,
    ...extraEnv,
  };
  // The server serves the wallet frame's bundle; build it first (about a second).
  runNode(join(ROOT, 'packages/wallet-frame/build.mjs'));
  // PGlite is single-process: the demo app is ensured before the server opens the database.
  const { appId, clientId } = ensureDemoApp(demoUrl, serverEnv);
  const children = [];
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', resolve);
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 5000).unref();
          }),
      ),
    );
  };
  children.push(
    launch('server', process.execPath, ['--import', 'tsx', CLI, 'start'], {
      cwd: ROOT,
      env: { ...process.env, ...serverEnv },
      quiet,
    }),
  );
  children.push(
    launch(
      'demo',
      process.execPath,
      [join(ROOT, 'node_modules/vite/bin/vite.js'), '--port', String(demoPort), '--strictPort'],
      {
        cwd: join(ROOT, 'apps/demo'),
        env: {
          ...process.env,
          VITE_LATCH_APP_ID: appId,
          VITE_LATCH_CLIENT_ID: clientId,
          VITE_LATCH_API_URL: apiUrl,
          LATCH_DEMO_HMR: quiet ? 'off' : '',
        },
        quiet,
      },
    ),
  );
  try {
    await Promise.all([waitForHttp(`${apiUrl}/healthz`), waitForHttp(demoUrl)]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { apiUrl, demoUrl, appId, clientId, children, stop };
}
