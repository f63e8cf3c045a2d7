// Browser figure: page load → landing screen interactive, in Debian's Chromium, median of 10 runs,
// on a production build of the demo (its own `vite build`, served by its own `vite preview`)
// against the real Latch server (production mode, PGlite). landingProbe.js says what is timed.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { chromium } from 'playwright-core';
import { freePort } from '../../scripts/freePort.mjs';
import { startChildServer } from '../server/childServer.mjs';
import { createPgliteDirectory } from '../server/freshDatabase.mjs';
import { walletFigures } from './walletFigures.mjs';

/** The flags this machine's Chromium needs (root, no GPU, no background traffic). */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const BUILD_TIMEOUT_MS = 180_000;
const PAGE_TIMEOUT_MS = 30_000;

/** Runs the demo's own vite (`args`) in apps/demo; resolves when it exits 0 (or, with `waitFor`, once that URL answers). */
function runVite(root, args, { waitFor } = {}) {
  const demo = join(root, 'apps', 'demo');
  // The demo's own vite (its package.json pins the major), found the way the demo would find it.
  const vitePackage = createRequire(join(demo, 'package.json')).resolve('vite/package.json');
  const vite = join(dirname(vitePackage), 'bin', 'vite.js');
  const child = spawn(process.execPath, [vite, ...args], { cwd: demo, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };
  const done = new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`vite ${args[0]} timed out`));
    }, BUILD_TIMEOUT_MS);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0 || waitFor) resolve();
      else reject(new Error(`vite ${args[0]} failed (${code}): ${stderr}`));
    });
    if (waitFor) {
      const poll = async () => {
        while (child.exitCode === null) {
          try {
            await fetch(waitFor);
            clearTimeout(timer);
            return resolve();
          } catch {
            await new Promise((r) => setTimeout(r, 100));
          }
        }
      };
      poll();
    }
  });
  return { done, stop };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Opens the demo in a fresh context (cold cache) and returns the probe's marks. */
async function measureOnce(browser, url, probePath) {
  const context = await browser.newContext();
  try {
    await context.addInitScript({ path: probePath });
    const page = await context.newPage();
    await page.goto(url);
    const handle = await page
      .waitForFunction(() => window.__latchLandingProbe, null, { timeout: PAGE_TIMEOUT_MS })
      .catch(async (error) => {
        // Say what the page showed instead, so a changed demo or widget is easy to see.
        const shown = await page.evaluate(() => document.body.textContent.slice(0, 300)).catch(() => '');
        throw new Error(`${error.message.split('\n')[0]}; the page showed: ${JSON.stringify(shown)}`);
      });
    const marks = await handle.jsonValue();
    if (!marks.focused) throw new Error('the landing email input did not take focus');
    return marks;
  } finally {
    await context.close();
  }
}

/**
 * Measures the demo in Chromium `runs` times (after one discarded warm-up run).
 * Returns `{ runs, buttonMs, landingMs, clickToLandingMs, domContentLoadedMs, configStartMs, configEndMs, wallet }`
 * (medians, ms from navigation start) or `{ skipped }`.
 */
export async function browserFigures(root, { runs = 10 } = {}) {
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromiumPath)) return { skipped: `no Chromium at ${chromiumPath}` };
  if (!existsSync(join(root, 'packages', 'react', 'src', 'index.ts')))
    return { skipped: 'the widget is not there yet' };
  const outDir = mkdtempSync(join(tmpdir(), 'latch-bench-demo-'));
  const database = createPgliteDirectory('bench-browser');
  const cleanups = [async () => rmSync(outDir, { recursive: true, force: true }), database.drop];
  try {
    await runVite(root, ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error']).done;
    const demoPort = await freePort();
    const demoOrigin = `http://127.0.0.1:${demoPort}`;
    const server = await startChildServer(join(root, 'bench', 'server', 'latchHost.ts'), {
      env: { BENCH_DATA_DIR: database.dir, BENCH_ALLOWED_ORIGINS: demoOrigin },
      execArgv: ['--conditions=@latch/source', '--import', 'tsx'],
    });
    cleanups.push(() => server.stop());
    const preview = runVite(
      root,
      ['preview', '--outDir', outDir, '--host', '127.0.0.1', '--port', String(demoPort), '--strictPort'],
      { waitFor: demoOrigin },
    );
    cleanups.push(async () => preview.stop());
    await preview.done;
    const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
    cleanups.push(() => browser.close());
    const query = new URLSearchParams({
      appId: server.info.appId,
      clientId: server.info.clientId,
      apiUrl: server.origin,
    });
    const url = `${demoOrigin}/?${query}`;
    const probe = join(root, 'bench', 'browser', 'landingProbe.js');
    await measureOnce(browser, url, probe);
    const samples = [];
    for (let run = 0; run < runs; run++) samples.push(await measureOnce(browser, url, probe));
    // Embedded wallet figures on the same build and browser (walletFigures.mjs says what is timed).
    const wallet = await walletFigures(root, browser, { demoOrigin, apiPort: await freePort() }).catch((error) => ({
      failed: error.message,
    }));
    return {
      wallet,
      runs,
      buttonMs: median(samples.map((s) => s.buttonMs)),
      landingMs: median(samples.map((s) => s.landingMs)),
      clickToLandingMs: median(samples.map((s) => s.landingMs - s.clickedMs)),
      domContentLoadedMs: median(samples.map((s) => s.domContentLoadedMs)),
      configStartMs: median(samples.map((s) => s.configStartMs ?? Number.NaN)),
      configEndMs: median(samples.map((s) => s.configEndMs ?? Number.NaN)),
    };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  }
}
