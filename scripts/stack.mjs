// Starts the whole product: the auth server (dev mode, embedded PGlite) with a demo app, the demo host app, a local
// dev chain (anvil) and the development identity providers (apps/dev-idp: stand-ins for the OAuth providers, Telegram,
// Turnstile, Farcaster, Google Drive, CloudKit, a custom-token issuer and MoonPay). Shared by `npm start` and e2e.
import { execFile, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startSendQueue } from './chainSendQueue.mjs';
import { freePort } from './freePort.mjs';
import { anvilArgs, anvilBinary, DEV_CHAIN_ID, waitForChain } from './localChain.mjs';
import { buildDemo, demoServerArgs } from './stackDemo.mjs';
import { farcasterDevIdpEnv, farcasterServerEnv, useDevIdpDescription } from './stackDevIdp.mjs';

// The dev chain's parts, re-exported for the stack's callers (the e2e setup, the bench).
export { anvilBinary, DEV_CHAIN_ID, waitForChain } from './localChain.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'packages/server/src/cli.ts');
const DEV_IDP = join(ROOT, 'apps/dev-idp/src/main.ts');
/** The server's OAuth callback (protocol's OAUTH_API.callback): the redirect URI the dev IdP registers. */
const OAUTH_CALLBACK_PATH = '/api/v1/oauth/callback';

/** Runs the server CLI once; its stdout (throws with its stderr). Async: a blocked loop left dead keep-alives. */
export async function runCli(args, env) {
  const cli = ['--conditions=@latch/source', '--import', 'tsx', CLI, ...args];
  const options = { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' };
  const ran = await promisify(execFile)(process.execPath, cli, options).catch((error) => error);
  if (ran instanceof Error) throw new Error(`latch-server ${args.join(' ')} failed:\n${ran.stderr}${ran.stdout}`);
  return ran.stdout;
}

/** Runs a Node script to completion (throws with its output on failure). */
function runNode(script) {
  const result = spawnSync(process.execPath, [script], { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${script} failed:\n${result.stderr}${result.stdout}`);
}

/** Creates the demo app on first run, reuses it later (social login through the dev IdP described in `devIdpFile`); returns its ids. */
export async function ensureDemoApp(origin, env, devIdpFile) {
  const out = await runCli(
    ['apps', 'ensure-demo', '--origin', origin, ...(devIdpFile ? ['--dev-idp', devIdpFile] : [])],
    env,
  );
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

/** Waits until `path` exists (a child writes it once ready), failing when `child` exits first or the time runs out. */
export async function waitForFile(path, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(path)) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`it exited (${child.exitCode ?? child.signalCode})`);
    if (Date.now() > deadline) throw new Error(`it did not start within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
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

/** `LATCH_RPC_URLS` with the dev chain's URL added (an entry of its own for the dev chain wins). */
export function withDevChainRpc(rpcUrls, chainUrl) {
  const entries = (rpcUrls ?? '').split(',').filter((entry) => entry.trim() !== '');
  if (
    entries.some((entry) =>
      entry
        .trim()
        .replace(/^eip155:/, '')
        .startsWith(`${DEV_CHAIN_ID}=`),
    )
  ) {
    return entries.join(',');
  }
  return [...entries, `${DEV_CHAIN_ID}=${chainUrl}`].join(',');
}

/**
 * Starts the dev chain, dev IdP, server and demo. Options: apiPort, demoPort, anvilPort, devIdpPort, dataDir, quiet
 * (hide stdout of children; a quiet stack is a test suite's, so its demo runs without HMR: a file saved during a
 * run must not reload the pages under test), queueChainSends (anvil behind scripts/chainSendQueue.mjs on anvilPort,
 * for a suite whose files send from one account side by side), builtDemo (the demo built once and served static,
 * scripts/stackDemo.mjs). Returns { apiUrl, demoUrl, chainUrl, chainId, devIdpUrl, appId,
 * clientId, children, stop() }.
 */
export async function startStack({
  apiPort,
  demoPort,
  anvilPort = 8545,
  devIdpPort = 8790,
  dataDir,
  quiet = false,
  extraEnv = {},
  queueChainSends = false,
  builtDemo = false,
}) {
  const apiUrl = `http://localhost:${apiPort}`;
  const demoUrl = `http://localhost:${demoPort}`;
  // 127.0.0.1, not localhost: anvil listens on IPv4 only, and Node may resolve localhost to ::1 first.
  const chainUrl = `http://127.0.0.1:${anvilPort}`;
  // The dev IdP listens on 127.0.0.1 only.
  const devIdpUrl = `http://127.0.0.1:${devIdpPort}`;
  // The dev IdP's clients and secrets (fresh each start) reach ensure-demo through a private file, never argv.
  const devIdpDir = mkdtempSync(join(tmpdir(), 'latch-dev-idp-'));
  const devIdpFile = join(devIdpDir, 'dev-idp.json');
  const serverEnv = {
    LATCH_DEV: '1',
    LATCH_PORT: String(apiPort),
    LATCH_DATA_DIR: dataDir,
    LATCH_PUBLIC_URL: apiUrl,
    // Telegram's login popup (/auth) and Turnstile's siteverify (docs/captcha.md) are the dev IdP's stand-ins.
    LATCH_TELEGRAM_OAUTH_URL: devIdpUrl,
    LATCH_TURNSTILE_SITEVERIFY_URL: `${devIdpUrl}/turnstile/v0/siteverify`,
    ...farcasterServerEnv(chainUrl, devIdpUrl),
    ...extraEnv,
    LATCH_RPC_URLS: withDevChainRpc(extraEnv.LATCH_RPC_URLS ?? process.env.LATCH_RPC_URLS, chainUrl),
  };
  const children = [];
  const names = [];
  let demoDir;
  const track = (name, child) => {
    names.push(name);
    children.push(child);
    return child;
  };
  // Anvil first: it boots while the synchronous steps below run, so it adds next to nothing to the start.
  // No fork, no network: a fresh chain with anvil's prefunded dev accounts on every start.
  // Only the demo's pages call the chain from a browser (its SDK reads and sends, 'Get test ETH').
  // Queued: anvil on a port of its own, the queue on anvilPort (chainUrl), so every client goes through it.
  const nodePort = queueChainSends ? await freePort() : anvilPort;
  const sendQueue = queueChainSends ? await startSendQueue(anvilPort, `http://127.0.0.1:${nodePort}`) : undefined;
  const chainArgs = anvilArgs(nodePort, DEV_CHAIN_ID, { allowOrigin: demoUrl });
  track('anvil', launch('anvil', anvilBinary(), chainArgs, { cwd: ROOT, env: process.env, quiet }));
  // The dev IdP next (its keys take a second or two), also while the wallet frame builds.
  const devIdp = track(
    'dev-idp',
    launch('dev-idp', process.execPath, ['--conditions=@latch/source', '--import', 'tsx', DEV_IDP], {
      cwd: ROOT,
      env: {
        ...process.env,
        LATCH_DEV: '1',
        DEV_IDP_PORT: String(devIdpPort),
        // The callback of the server as it names itself (an extraEnv LATCH_PUBLIC_URL included).
        DEV_IDP_REDIRECT_URIS: `${serverEnv.LATCH_PUBLIC_URL}${OAUTH_CALLBACK_PATH}`,
        DEV_IDP_CUSTOM_TOKEN_ORIGINS: demoUrl,
        // The MoonPay stand-in pays completed purchases on the dev chain (raw sends: the send queue lets them by).
        DEV_IDP_CHAIN_RPC_URL: chainUrl,
        DEV_IDP_DESCRIPTION_FILE: devIdpFile,
        ...farcasterDevIdpEnv(serverEnv),
      },
      quiet,
    }),
  );
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
    await sendQueue?.close();
    rmSync(devIdpDir, { recursive: true, force: true });
    if (demoDir) rmSync(demoDir, { recursive: true, force: true });
  };
  // Ctrl-C while starting (before the caller can hold the children): stop what is already running.
  const stopOnSignal = () => stop().finally(() => process.exit(130));
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  const started = () => {
    process.off('SIGINT', stopOnSignal);
    process.off('SIGTERM', stopOnSignal);
  };
  let appId;
  let clientId;
  try {
    // The server serves the wallet frame's bundle; build it first (about a second).
    runNode(join(ROOT, 'packages/wallet-frame/build.mjs'));
    await waitForFile(devIdpFile, devIdp).catch((error) => {
      throw new Error(`dev-idp did not start (${error.message}): is ${devIdpUrl} taken? Set DEV_IDP_PORT`);
    });
    useDevIdpDescription(serverEnv, devIdpFile);
    // PGlite is single-process: the demo app is ensured before the server opens the database.
    ({ appId, clientId } = await ensureDemoApp(demoUrl, serverEnv, devIdpFile));
  } catch (error) {
    started();
    await stop();
    throw error;
  }
  track(
    'server',
    launch('server', process.execPath, ['--conditions=@latch/source', '--import', 'tsx', CLI, 'start'], {
      cwd: ROOT,
      env: { ...process.env, ...serverEnv },
      quiet,
    }),
  );
  const demoEnv = {
    VITE_LATCH_APP_ID: appId,
    VITE_LATCH_CLIENT_ID: clientId,
    VITE_LATCH_API_URL: apiUrl,
    // The demo's dev chain and its 'Get test ETH' action (dev mode only, apps/demo/src/devChain.ts).
    VITE_LATCH_DEV_RPC_URL: chainUrl,
    // The dev IdP (its custom-token issuer stands in for the host's backend in the demo).
    VITE_LATCH_DEV_IDP_URL: devIdpUrl,
    LATCH_DEMO_HMR: quiet ? 'off' : '',
  };
  try {
    // Built while the server starts (scripts/stackDemo.mjs).
    if (builtDemo) demoDir = await buildDemo(ROOT, demoEnv);
  } catch (error) {
    started();
    await stop();
    throw error;
  }
  track(
    'demo',
    launch('demo', process.execPath, demoServerArgs(ROOT, demoPort, demoDir), {
      cwd: join(ROOT, 'apps/demo'),
      env: { ...process.env, ...demoEnv },
      quiet,
    }),
  );
  // A child that dies while starting (a taken port, a broken build) fails the start now, not after the polls time out.
  let starting = true;
  const died = new Promise((_, reject) => {
    for (const [index, child] of children.entries()) {
      child.once('exit', (code, signal) => {
        if (!starting) return;
        const name = names[index];
        const hint =
          name === 'anvil'
            ? `: is ${chainUrl} taken? Set ANVIL_PORT`
            : name === 'dev-idp'
              ? `: is ${devIdpUrl} taken? Set DEV_IDP_PORT`
              : '';
        reject(new Error(`${name} exited (${code ?? signal}) while starting${hint}`));
      });
    }
  });
  died.catch(() => undefined);
  try {
    await Promise.race([
      died,
      Promise.all([
        waitForHttp(`${apiUrl}/healthz`),
        waitForHttp(demoUrl),
        waitForChain(chainUrl, DEV_CHAIN_ID, children[0]),
        waitForHttp(devIdpUrl),
      ]),
    ]);
    starting = false;
    started();
  } catch (error) {
    starting = false;
    started();
    await stop();
    throw error;
  }
  return { apiUrl, demoUrl, chainUrl, chainId: DEV_CHAIN_ID, devIdpUrl, appId, clientId, children, stop };
}
