import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'tsdown';

const here = fileURLToPath(new URL('.', import.meta.url));
const frameDist = join(here, '../wallet-frame/dist');

/**
 * The server as a built program: src/cli.ts (what `latch-server` runs) and src/index.ts (the embedding API)
 * bundled to ESM in dist/ with source maps and .d.ts. Bundled, unlike the client packages: nothing tree-shakes a
 * server, and one file loads faster at start than the ~300 modules of src. Dependencies stay imports.
 */
export default defineConfig({
  cwd: here,
  entry: { index: 'src/index.ts', cli: 'src/cli.ts' },
  platform: 'node',
  format: 'esm',
  outDir: 'dist',
  clean: true,
  dts: true,
  sourcemap: true,
  target: 'node20.19',
  fixedExtension: false,
  report: false,
  logLevel: 'warn',
  hooks: {
    // Files the server reads beside its code at run time: shipped in dist/.
    'build:done': () => {
      // The Telegram login script, read from beside the module (telegramLoginScript.ts); chunks sit in dist/.
      cpSync(join(here, 'src/auth/telegram/telegram-login.js'), join(here, 'dist/telegram-login.js'));
      // The built wallet frame and export pages it serves (DEFAULT_FRAME_DIR of a built server: dist/frame).
      if (!existsSync(join(frameDist, 'manifest.json')))
        throw new Error('The wallet frame is not built: run node packages/wallet-frame/build.mjs first.');
      mkdirSync(join(here, 'dist/frame'), { recursive: true });
      cpSync(frameDist, join(here, 'dist/frame'), { recursive: true });
    },
  },
});
