// Browser send figure (issue 12): `eth_sendTransaction` on the embedded wallet's EIP-1193 provider against a
// real anvil node, with noPromptOnSignature so no send screen is timed: preparation (estimate, fees, nonce
// from the node), approval and signing in the frame, broadcast, and — the demo leaves the host option
// `waitForTransactionConfirmation` unset and the app config's default is true — the receipt, which anvil
// has as soon as it accepts the transaction (it mines each one as it arrives). Timed in the page.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const STEP_TIMEOUT_MS = 30_000;
/** The built-in anvil chain's RPC URL (viem's `anvil`): the production demo names no chains, so it uses this one. */
const ANVIL_PORT = 8545;
/** What each send moves: a few wei, so the balance anvil_setBalance gives lasts any number of runs. */
const SEND_VALUE = '0x3e8';

async function rpc(url, method, params = []) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = await response.json();
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

/**
 * Starts anvil (scripts/localChain.mjs, as the dev stack does) on 127.0.0.1:8545, the URL the demo's
 * built-in anvil chain names; fails loudly if the port is taken (stop `npm start` first). Returns `{ url, chainId, stop }`.
 */
export async function startBenchChain(root) {
  const { anvilArgs, anvilBinary, DEV_CHAIN_ID, waitForChain } = await import(
    pathToFileURL(join(root, 'scripts', 'localChain.mjs')).href
  );
  const url = `http://127.0.0.1:${ANVIL_PORT}`;
  // A node already there would take our transactions (and its nonces): refuse it rather than measure it.
  const taken = await rpc(url, 'eth_chainId').then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`${url} is already taken (npm start?): the send figure needs its own anvil there`);
  const child = spawn(anvilBinary(), anvilArgs(ANVIL_PORT, DEV_CHAIN_ID), { stdio: 'ignore' });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  try {
    await waitForChain(url, DEV_CHAIN_ID, child, 20_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, chainId: DEV_CHAIN_ID, stop };
}

/**
 * Funds the page's embedded wallet on `chain` (anvil_setBalance), moves the provider to it, then times
 * `count` + 1 sends (the first, which also loads the lazy send code, not counted). Checks on the node
 * that the wallet's nonce advanced by exactly the number of sends. Returns `{ runs, ms, minMs, maxMs, nonceAdvance }`.
 */
export async function sendFigures(page, chain, count = 20) {
  await page.waitForFunction(() => window.latchEmbeddedProvider, null, { timeout: STEP_TIMEOUT_MS });
  const address = await page.evaluate(
    async () => (await window.latchEmbeddedProvider.request({ method: 'eth_accounts' }))[0],
  );
  await rpc(chain.url, 'anvil_setBalance', [address, `0x${(10n ** 18n).toString(16)}`]);
  const nonceBefore = Number(await rpc(chain.url, 'eth_getTransactionCount', [address, 'latest']));
  const times = await page.evaluate(
    async ({ n, chainId, value }) => {
      const provider = window.latchEmbeddedProvider;
      const [from] = await provider.request({ method: 'eth_accounts' });
      await provider.request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: `0x${chainId.toString(16)}` }],
      });
      // Any address but the wallet's own: a plain transfer.
      const to = '0x000000000000000000000000000000000000bEEF';
      const times = [];
      for (let i = 0; i <= n; i++) {
        const start = performance.now();
        await provider.request({ method: 'eth_sendTransaction', params: [{ from, to, value }] });
        if (i > 0) times.push(performance.now() - start);
      }
      return times;
    },
    { n: count, chainId: chain.chainId, value: SEND_VALUE },
  );
  const nonceAdvance = Number(await rpc(chain.url, 'eth_getTransactionCount', [address, 'latest'])) - nonceBefore;
  if (nonceAdvance !== count + 1)
    throw new Error(`the wallet's nonce on anvil advanced by ${nonceAdvance}, not ${count + 1}: sends were lost`);
  const sorted = [...times].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const ms = sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  return { runs: count, ms, minMs: sorted[0], maxMs: sorted[sorted.length - 1], nonceAdvance };
}
