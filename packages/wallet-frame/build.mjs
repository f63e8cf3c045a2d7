// Bundles the wallet frame's page script (src/frameMain.ts) into dist/frame.js: one minified ESM
// file the server serves beside the frame page. Run: node packages/wallet-frame/build.mjs
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));

await build({
  entryPoints: [join(here, 'src/frameMain.ts')],
  outfile: join(here, 'dist/frame.js'),
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  legalComments: 'none',
  logLevel: 'warning',
});
