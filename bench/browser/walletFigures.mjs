// Browser wallet figures (issue 6), on the same production demo build and Chromium as the landing
// figure: (1) email login → embedded wallet ready — from the moment the last code digit is typed to
// the demo showing the wallet 'ready' (the frame created the keys, split them, stored the device
// share and registered the wallet; the user was refreshed); (2) sign-message latency through the
// frame — `personal_sign` on the embedded EIP-1193 provider with noPromptOnSignature, so no screen
// is timed: host → frame message, signing in the frame, reply; (3) eth_sendTransaction on anvil through
// the same provider (sendFigures.mjs says what is timed). Timed in the page (performance.now).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { startChildServer } from '../server/childServer.mjs';
import { createPgliteDirectory } from '../server/freshDatabase.mjs';
import { sendFigures, startBenchChain } from './sendFigures.mjs';

const STEP_TIMEOUT_MS = 30_000;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Records in the page when the demo first shows the embedded wallet as ready. */
function installReadyProbe() {
  const check = () => {
    if (window.__latchWalletReadyAt) return;
    const cell = document.querySelector('[data-testid="embedded-wallet-ready"]');
    if (cell?.textContent === 'ready') window.__latchWalletReadyAt = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
}

/** One new user: login by email code, wallet created; returns ms from the last digit to 'ready', and the page. */
async function loginToWalletReady(context, url, server, email) {
  const page = await context.newPage();
  await page.goto(url);
  await page.getByRole('button', { name: 'Log in', exact: true }).click({ timeout: STEP_TIMEOUT_MS });
  const input = page.getByRole('dialog').getByRole('textbox', { name: /email/i });
  await input.fill(email, { timeout: STEP_TIMEOUT_MS });
  const code = server.nextCode(email);
  await input.press('Enter');
  const digits = await code;
  await page.locator('[data-latch-root]').getByLabel('Digit 1 of 6').click({ timeout: STEP_TIMEOUT_MS });
  await page.keyboard.type(digits.slice(0, 5));
  const typedAt = await page.evaluate(() => performance.now());
  await page.keyboard.type(digits.slice(5));
  const handle = await page.waitForFunction(() => window.__latchWalletReadyAt, null, { timeout: STEP_TIMEOUT_MS });
  return { page, ms: (await handle.jsonValue()) - typedAt };
}

/** `count` personal_sign round trips through the frame, one after another, timed in the page. */
async function signLatencies(page, count) {
  await page.waitForFunction(() => window.latchEmbeddedProvider, null, { timeout: STEP_TIMEOUT_MS });
  return page.evaluate(async (n) => {
    const provider = window.latchEmbeddedProvider;
    const [address] = await provider.request({ method: 'eth_accounts' });
    const times = [];
    for (let i = 0; i <= n; i++) {
      const start = performance.now();
      await provider.request({ method: 'personal_sign', params: [`bench message ${i}`, address] });
      // The first signature connects nothing new (the frame holds the key) but warms the JIT: not counted.
      if (i > 0) times.push(performance.now() - start);
    }
    return times;
  }, count);
}

/**
 * Measures in `browser` against a fresh wallet-enabled server on `apiPort`, with the demo served at
 * `demoOrigin`. Returns `{ walletRuns, walletReadyMs, walletReadyMinMs, walletReadyMaxMs, signRuns, signMs, send }`
 * (`send`: sendFigures.mjs's figures, or `{ failed }`).
 */
export async function walletFigures(
  root,
  browser,
  { demoOrigin, apiPort, walletRuns = 5, signRuns = 20, sendRuns = 20 },
) {
  // The server serves the frame bundle: build it from the current source.
  const build = spawnSync(process.execPath, [join(root, 'packages', 'wallet-frame', 'build.mjs')], { stdio: 'pipe' });
  if (build.status !== 0) throw new Error(`wallet frame build failed: ${build.stderr}`);
  const database = createPgliteDirectory('bench-wallet');
  const cleanups = [database.drop];
  try {
    // A chain that cannot start (8545 taken) fails the send figure alone, not the wallet and sign figures.
    const chain = await startBenchChain(root).catch((error) => ({ failed: error.message }));
    if (chain.stop) cleanups.push(chain.stop);
    const server = await startChildServer(join(root, 'bench', 'browser', 'walletHost.ts'), {
      env: {
        BENCH_PORT: String(apiPort),
        BENCH_DATA_DIR: database.dir,
        BENCH_ALLOWED_ORIGINS: demoOrigin,
        BENCH_RPC_URLS: chain.failed ? '' : `${chain.chainId}=${chain.url}`,
      },
      execArgv: ['--conditions=@latch/source', '--import', 'tsx'],
    });
    cleanups.push(() => server.stop());
    const base = { appId: server.info.appId, clientId: server.info.clientId, apiUrl: server.origin };
    const url = `${demoOrigin}/?${new URLSearchParams({ ...base, noPromptOnSignature: '1' })}`;
    const ready = [];
    let signTimes = [];
    let send;
    // One discarded warm-up user, then `walletRuns` new users, each in a fresh context (new device).
    for (let run = 0; run <= walletRuns; run++) {
      const context = await browser.newContext();
      try {
        await context.addInitScript(installReadyProbe);
        const email = `bench-wallet-${run}-${Date.now().toString(36)}@example.com`;
        const { page, ms } = await loginToWalletReady(context, url, server, email);
        if (run > 0) ready.push(ms);
        if (run === walletRuns) {
          signTimes = await signLatencies(page, signRuns);
          send = chain.failed
            ? { failed: chain.failed }
            : await sendFigures(page, chain, sendRuns).catch((error) => ({ failed: error.message }));
        }
      } finally {
        await context.close();
      }
    }
    return {
      walletRuns,
      walletReadyMs: median(ready),
      walletReadyMinMs: Math.min(...ready),
      walletReadyMaxMs: Math.max(...ready),
      signRuns,
      signMs: median(signTimes),
      send,
    };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  }
}
