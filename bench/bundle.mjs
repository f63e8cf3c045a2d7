// Bundle figure (issue: foundation): gzip bytes of the JavaScript a minimal Latch host page loads
// before first paint, and in all, against the same page with React alone — both built the same way.
// Two ways to take the @latch/* packages: from source (the monorepo's `@latch/source` export condition;
// module paths are packages/*/src/..., which the lazy-module tests check) or built (their dist/, as a host
// that installed them gets them; the budget is held on this figure).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const gz = (path) => gzipSync(readFileSync(path), { level: 9 }).length;

/** The esbuild `conditions` for each way to take the @latch/* packages. */
const CONDITIONS = { source: ['@latch/source'], built: [] };

// One build per page and way per process: every bundle and lazy-boundary test of an integration run
// reads the same figures. On globalThis, so that it holds even if a test runner evaluates this module
// again for another test file; the sources do not change during a run.
const MEMO = Symbol.for('latch.bench.measurePage');
globalThis[MEMO] ??= new Map();

/**
 * Builds one page entry, taking the @latch/* packages `from` 'source' (default) or 'built' (their dist/,
 * which must be built first: buildPackages in scripts/tsdown.base.mjs); returns gzip bytes of the initial JS
 * (entry + static imports) and of all JS, and their source modules. Built once per entry, root and way in a
 * process (callers must not mutate the figures).
 */
export function measurePage(entry, root, { from = 'source' } = {}) {
  if (!(from in CONDITIONS))
    return Promise.reject(new Error(`measurePage: from must be 'source' or 'built', not ${from}`));
  const key = JSON.stringify([resolve(entry), resolve(root), from]);
  const memo = globalThis[MEMO];
  if (!memo.has(key)) {
    const figures = buildPage(entry, root, from);
    // A failed build is not remembered: the next caller builds again and sees its own error.
    figures.catch(() => memo.delete(key));
    memo.set(key, figures);
  }
  return memo.get(key);
}

/** measurePage's build, uncached. */
async function buildPage(entry, root, from) {
  const outdir = mkdtempSync(join(tmpdir(), 'latch-bundle-'));
  try {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      minify: true,
      splitting: true,
      format: 'esm',
      outdir,
      metafile: true,
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      loader: { '.css': 'text' },
      conditions: CONDITIONS[from],
      absWorkingDir: root,
      logLevel: 'silent',
    });
    const outputs = result.metafile.outputs;
    const js = Object.keys(outputs).filter((file) => file.endsWith('.js'));
    // Lazy chunks carry an entryPoint too (their module): pick the page's own entry.
    const entryOut = js.find((file) => outputs[file].entryPoint === relative(root, entry));
    const initial = new Set();
    const visit = (file) => {
      if (initial.has(file)) return;
      initial.add(file);
      for (const imported of outputs[file].imports) if (imported.kind === 'import-statement') visit(imported.path);
    };
    visit(entryOut);
    const bytes = (files) => [...files].reduce((sum, file) => sum + gz(join(root, file)), 0);
    // The source modules in the initial JS and in any chunk (tests check what stays out of the initial JS).
    const inputsOf = (files) => [...new Set([...files].flatMap((file) => Object.keys(outputs[file].inputs)))];
    // Each initial module's share of the initial gzip bytes: its minified bytes in its chunk, scaled by
    // that chunk's gzip ratio (gzip has no per-module size; the chunk's own ratio is the fair estimate).
    const initialGzipByModule = {};
    for (const file of initial) {
      const ratio = gz(join(root, file)) / outputs[file].bytes;
      for (const [module, { bytesInOutput }] of Object.entries(outputs[file].inputs))
        initialGzipByModule[module] = (initialGzipByModule[module] ?? 0) + bytesInOutput * ratio;
    }
    return {
      initialGzipByModule,
      inputGraph: result.metafile.inputs,
      entrySource: relative(root, entry),
      initial: bytes(initial),
      total: bytes(js),
      chunks: js.length,
      entry: relative(root, entryOut),
      initialInputs: inputsOf(initial),
      allInputs: inputsOf(js),
    };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

/**
 * Measures both pages (the packages taken `from` 'source' or 'built', see measurePage) and returns the
 * figures, including Latch's difference over React alone.
 */
export async function bundleFigures(root, { from = 'source' } = {}) {
  const react = await measurePage(join(root, 'bench/pages/reactOnly.tsx'), root, { from });
  const latch = await measurePage(join(root, 'bench/pages/latch.tsx'), root, { from });
  return {
    react,
    latch,
    provider: from === 'source' ? providerFigure(latch) : providerFigure(latch, BUILT_PROVIDER_MODULE),
    addedInitial: latch.initial - react.initial,
    addedTotal: latch.total - react.total,
  };
}

/** The embedded wallet's EIP-1193 provider: what the page pays for it up front is measured from this module. */
export const PROVIDER_MODULE = 'packages/core/src/embeddedWallet/embeddedWalletProvider.ts';
/** The same module in @latch/core's build. */
export const BUILT_PROVIDER_MODULE = 'packages/core/dist/embeddedWallet/embeddedWalletProvider.js';
/** Modules of the send screen and the gas logic: they must load on the first send, never with the page. */
export const SEND_PATH = [
  /packages\/core\/src\/transactions\//,
  /\/sendTransaction[^/]*$/,
  /\/embeddedWalletChainCalls[^/]*$/,
];

/**
 * The provider's share of `page`'s initial JS: embeddedWalletProvider.ts and the modules it alone pulls in
 * (statically reachable from it, and not from the page's entry without passing through it). Returns
 * `{ gzip, modules, eagerSendModules }` (gzip bytes estimated per module; eagerSendModules should be empty).
 */
export function providerFigure(page, module = PROVIDER_MODULE) {
  const staticImports = (path) =>
    (page.inputGraph[path]?.imports ?? []).filter((i) => i.kind === 'import-statement').map((i) => i.path);
  const reach = (from, skip) => {
    const seen = new Set();
    const stack = [from];
    while (stack.length) {
      const path = stack.pop();
      if (path === skip || seen.has(path)) continue;
      seen.add(path);
      stack.push(...staticImports(path));
    }
    return seen;
  };
  const withoutProvider = reach(page.entrySource, module);
  const modules = [...reach(module)].filter((path) => !withoutProvider.has(path) && path in page.initialGzipByModule);
  const gzip = Math.round(modules.reduce((sum, path) => sum + page.initialGzipByModule[path], 0));
  const eagerSendModules = page.initialInputs.filter((input) => SEND_PATH.some((pattern) => pattern.test(input)));
  return { gzip, modules, eagerSendModules };
}

/** The wallet frame's own JS budget (gzip), printed by the bench: it must stay a small page with signing paths lazy. */
export const FRAME_BUDGET = 100 * 1024;

/**
 * The wallet frame's built scripts as the server serves them (packages/wallet-frame/build.mjs: content-hashed,
 * gzip and brotli made at build time): `{ scripts: [{ script, file, raw, gzip, brotli }] }`, sizes in bytes.
 */
export async function frameFigures(root) {
  const { execFileSync } = await import('node:child_process');
  const { readFileSync, statSync } = await import('node:fs');
  execFileSync(process.execPath, [join(root, 'packages/wallet-frame/build.mjs')], { stdio: 'inherit' });
  const dist = join(root, 'packages/wallet-frame/dist');
  const manifest = JSON.parse(readFileSync(join(dist, 'manifest.json'), 'utf8'));
  const size = (file) => statSync(join(dist, file)).size;
  return {
    scripts: Object.entries(manifest).map(([script, file]) => ({
      script,
      file,
      raw: size(file),
      gzip: size(`${file}.gz`),
      brotli: size(`${file}.br`),
    })),
  };
}
