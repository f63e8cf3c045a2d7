// Bundles the wallet frame's page script (src/frameMain.ts) and the export page's (src/exportMain.ts) into
// content-hashed, minified ESM files in dist/ (`frame-<hash>.js`, `export-<hash>.js`), each with a gzip and a
// brotli copy, and `manifest.json` mapping the stable names (`frame.js`, `export.js`) to the hashed ones. The
// server serves the hashed files as immutable (a new build is a new name) and the pages, which name them, as
// no-store. Run: node packages/wallet-frame/build.mjs
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const outdir = join(here, 'dist');

// A clean directory: hashed names of earlier builds would pile up otherwise.
rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });

const result = await build({
  entryPoints: { frame: join(here, 'src/frameMain.ts'), export: join(here, 'src/exportMain.ts') },
  outdir,
  entryNames: '[name]-[hash]',
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  // @latch/protocol from its source (the monorepo's condition, see scripts/tsdown.base.ts), not its build.
  conditions: ['@latch/source'],
  target: 'es2022',
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
});

const manifest = {};
for (const [output, meta] of Object.entries(result.metafile.outputs)) {
  if (!meta.entryPoint) continue;
  const file = basename(output);
  manifest[`${file.slice(0, file.indexOf('-'))}.js`] = file;
  const body = readFileSync(output);
  // Compressed once here at the highest levels, never per request.
  writeFileSync(`${output}.gz`, gzipSync(body, { level: 9 }));
  writeFileSync(
    `${output}.br`,
    brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  );
}
writeFileSync(join(outdir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
