// The wallet password's Argon2id at the frame's cost (64 MiB, t=3, p=1): hash-wasm (WebAssembly, what the frame
// uses) against @noble/hashes argon2idAsync (pure JS, what it used before), in Debian's Chromium on a page served
// on 127.0.0.1 under the frame's script-src ('self' 'wasm-unsafe-eval'), then in Node. Median of BENCH_ARGON2_RUNS
// (default 5) hashes each, fresh random inputs per hash; before timing, both must agree byte for byte.
// Standalone (about a minute): node bench/browser/argon2Figures.mjs
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = Number(process.env.BENCH_ARGON2_RUNS ?? 5);

// The page's script: both implementations, resolved from the wallet frame's dependencies.
const SOURCE = `
import { argon2idAsync } from '@noble/hashes/argon2.js';
import { argon2id } from 'hash-wasm';
const COST = { m: 65536, t: 3, p: 1 };
const wasm = (password, salt) => argon2id({ password, salt, iterations: COST.t, parallelism: COST.p,
  memorySize: COST.m, hashLength: 32, outputType: 'binary' });
const noble = (password, salt) => argon2idAsync(password, salt, { ...COST, dkLen: 32 });
const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
async function median(hash, runs) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const password = crypto.getRandomValues(new Uint8Array(74));
    const salt = crypto.getRandomValues(new Uint8Array(16));
    const start = performance.now();
    await hash(password, salt);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(runs / 2)], min: times[0], max: times[runs - 1] };
}
globalThis.argon2Figures = async (runs) => {
  const password = crypto.getRandomValues(new Uint8Array(74));
  const salt = crypto.getRandomValues(new Uint8Array(16));
  if (hex(await wasm(password, salt)) !== hex(await noble(password, salt))) throw new Error('outputs differ');
  return { wasm: await median(wasm, runs), noble: await median(noble, runs) };
};
`;

const bundled = await build({
  stdin: { contents: SOURCE, resolveDir: join(root, 'packages/wallet-frame'), loader: 'js' },
  bundle: true,
  format: 'esm',
  platform: 'browser',
  write: false,
  logLevel: 'warning',
});
const script = bundled.outputFiles[0].text;

const server = createServer((request, response) => {
  if (request.url === '/argon2.js') {
    response.writeHead(200, { 'content-type': 'text/javascript' });
    response.end(script);
    return;
  }
  response.writeHead(200, {
    'content-type': 'text/html',
    'content-security-policy': "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'",
  });
  response.end('<!doctype html><title>argon2</title><script type="module" src="/argon2.js"></script>');
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));

const args = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args });
let inChromium;
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.waitForFunction(() => typeof globalThis.argon2Figures === 'function');
  inChromium = await page.evaluate((runs) => globalThis.argon2Figures(runs), RUNS);
} finally {
  await browser.close();
  server.close();
}

// The same module in Node: a data: URL import keeps it one file.
await import(`data:text/javascript;base64,${Buffer.from(script).toString('base64')}`);
const inNode = await globalThis.argon2Figures(RUNS);

const ms = (t) => `${Math.round(t.median)} ms (${Math.round(t.min)}–${Math.round(t.max)})`;
for (const [where, figures] of [
  ['Chromium', inChromium],
  ['Node', inNode],
]) {
  const ratio = (figures.noble.median / figures.wasm.median).toFixed(1);
  console.log(`${where}: hash-wasm ${ms(figures.wasm)}, @noble ${ms(figures.noble)}: ${ratio}× faster`);
}
