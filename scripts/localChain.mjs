// The one way this repository starts anvil: the dev stack (stack.mjs) and the integration tests of core and
// the server all use it, so the binary lookup and the readiness check live in one place.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './freePort.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The dev chain's id: anvil's default, what wallets and tooling expect of a local node. */
export const DEV_CHAIN_ID = 31337;

/** Anvil's first default account: funded on every fresh anvil chain (public test key, not a secret). */
export const ANVIL_FUNDED_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

/** The anvil binary of this platform's package (what @foundry-rs/anvil's own launcher picks). */
export function anvilBinary() {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  // A devDependency of the server package; resolved from there so the workspace layout does not matter.
  const require = createRequire(join(ROOT, 'packages/server/package.json'));
  const manifest = require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`);
  return join(dirname(manifest), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
}

/** Polls a JSON-RPC URL until it answers eth_chainId; fails at once if `child` (the node) exits first. */
export async function waitForChain(url, chainId, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(`anvil exited (${child.exitCode ?? child.signalCode}); is ${url} taken? Set ANVIL_PORT.`);
    }
    let answered;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      answered = Number((await response.json()).result);
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms: ${error}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    if (answered !== chainId)
      throw new Error(`${url} is chain ${answered}, not ${chainId}: another node holds the port.`);
    return;
  }
}

/**
 * The anvil arguments of a fresh, offline chain (anvil's prefunded dev accounts) on 127.0.0.1:`port`.
 * `allowOrigin`: the one browser origin allowed to call it over HTTP (anvil's default, `*`, lets any web page
 * the developer opens drive the unlocked dev accounts).
 */
export function anvilArgs(port, chainId = DEV_CHAIN_ID, { allowOrigin } = {}) {
  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), '--silent'];
  return allowOrigin ? [...args, '--allow-origin', allowOrigin] : args;
}

/** Starts anvil on a free loopback port with `chainId`, for a test; resolves once it answers. */
export async function startLocalChain(chainId = DEV_CHAIN_ID) {
  const port = await freePort();
  const child = spawn(anvilBinary(), anvilArgs(port, chainId), { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForChain(url, chainId, child, 20_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    chainId,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
