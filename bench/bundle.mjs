// Bundle figure (issue: foundation): gzip bytes of the JavaScript a minimal Latch host page loads
// before first paint, and in all, against the same page with React alone — both built the same way.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const gz = (path) => gzipSync(readFileSync(path), { level: 9 }).length;

/** Builds one page entry; returns gzip bytes of the initial JS (entry + static imports) and of all JS, and their source modules. */
export async function measurePage(entry, root) {
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
    return {
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

/** Measures both pages and returns the figures, including Latch's difference over React alone. */
export async function bundleFigures(root) {
  const react = await measurePage(join(root, 'bench/pages/reactOnly.tsx'), root);
  const latch = await measurePage(join(root, 'bench/pages/latch.tsx'), root);
  return {
    react,
    latch,
    addedInitial: latch.initial - react.initial,
    addedTotal: latch.total - react.total,
  };
}
