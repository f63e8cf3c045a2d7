// Bundles the wallet frame's page script (src/frameMain.ts) into dist/frame.js and the export page's
// (src/exportMain.ts) into dist/export.js: minified ESM files the server serves beside the pages. Run: node packages/wallet-frame/build.mjs
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));

await build({
  entryPoints: { frame: join(here, 'src/frameMain.ts'), export: join(here, 'src/exportMain.ts') },
  outdir: join(here, 'dist'),
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  legalComments: 'none',
  logLevel: 'warning',
});
