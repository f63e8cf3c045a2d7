// How the stack serves the demo host app: Vite's dev server (`npm start`: HMR, modules transformed on
// request) or, for a test suite, one build served as static files (`vite preview`), so no page waits for
// Vite to transform the widget's modules and no late dependency discovery reloads a page mid-flow.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The demo's Vite CLI. */
const viteBin = (root) => join(root, 'node_modules/vite/bin/vite.js');

/**
 * Builds the demo into a fresh temporary directory with `env` (its VITE_LATCH_* settings) and returns it.
 * A development build (NODE_ENV and mode development): `import.meta.env.DEV` stays true, so the build runs
 * the code the dev server runs, the dev-chain funding included (apps/demo/src/devChain.ts); a production
 * build of the demo (`npm run build`) still folds it away.
 */
export async function buildDemo(root, env) {
  const outDir = mkdtempSync(join(tmpdir(), 'latch-demo-'));
  const args = [
    viteBin(root),
    'build',
    '--mode',
    'development',
    '--outDir',
    outDir,
    '--emptyOutDir',
    '--logLevel',
    'error',
  ];
  const child = spawn(process.execPath, args, {
    cwd: join(root, 'apps/demo'),
    env: { ...process.env, ...env, NODE_ENV: 'development' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const code = await new Promise((resolve) => child.once('close', (status, signal) => resolve(status ?? signal)));
  if (code !== 0) {
    rmSync(outDir, { recursive: true, force: true });
    throw new Error(`The demo build failed (${code}):\n${stderr}`);
  }
  return outDir;
}

/** The demo server's arguments: `vite preview` of a build in `outDir`, else the dev server. */
export function demoServerArgs(root, port, outDir) {
  const common = ['--port', String(port), '--strictPort'];
  return outDir ? [viteBin(root), 'preview', '--outDir', outDir, ...common] : [viteBin(root), ...common];
}
