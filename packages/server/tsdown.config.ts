import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'tsdown';

const here = fileURLToPath(new URL('.', import.meta.url));
const frameDist = join(here, '../wallet-frame/dist');
/** Dependencies compiled into dist/ rather than imported at run time (see below). */
const BUNDLED_DEPENDENCIES = ['kysely', 'kysely-pglite-dialect'];

/**
 * The server as a built program: src/cli.ts (what `latch-server` runs) and src/index.ts (the embedding API)
 * bundled to ESM in dist/ with source maps and .d.ts. Bundled, unlike the client packages: nothing tree-shakes a
 * server, and one file loads faster at start than the ~300 modules of src. Dependencies stay imports, but for
 * Kysely and its PGlite dialect: Kysely's ESM build is ~260 modules, which took 65 ms of every start to load
 * (8 ms bundled). Their licences ship beside the bundle (THIRD_PARTY_LICENSES.md).
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
  // Bundled Kysely brings ~430 kB of JSDoc: the JavaScript drops it (the .d.ts and source maps keep the docs).
  outputOptions: { comments: { jsdoc: false } },
  target: 'node20.19',
  fixedExtension: false,
  report: false,
  logLevel: 'warn',
  // JavaScript only: the declarations keep importing Kysely's types from the installed package (a dependency).
  deps: { alwaysBundle: (id, importer) => BUNDLED_DEPENDENCIES.includes(id) && !importer?.endsWith('.d.ts') },
  // The declaration pass dominates the build by design; rolldown's note about slow plugins is noise in test output.
  checks: { pluginTimings: false },
  hooks: {
    // Files the server reads beside its code at run time: shipped in dist/.
    'build:done': () => {
      // The Telegram login script, read from beside the module (telegramLoginScript.ts); chunks sit in dist/.
      cpSync(join(here, 'src/modules/telegram/telegram-login.js'), join(here, 'dist/telegram-login.js'));
      // The built wallet frame and export pages it serves (DEFAULT_FRAME_DIR of a built server: dist/frame).
      if (!existsSync(join(frameDist, 'manifest.json')))
        throw new Error('The wallet frame is not built: run node packages/wallet-frame/build.mjs first.');
      writeFileSync(join(here, 'dist/THIRD_PARTY_LICENSES.md'), thirdPartyLicenses(BUNDLED_DEPENDENCIES));
      mkdirSync(join(here, 'dist/frame'), { recursive: true });
      cpSync(frameDist, join(here, 'dist/frame'), { recursive: true });
    },
  },
});

/** The licence of each bundled package (its LICENSE file, or its package.json's licence, author and repository). */
function thirdPartyLicenses(names: readonly string[]): string {
  const require = createRequire(join(here, 'package.json'));
  const sections = names.map((name) => {
    const dir = packageDir(require.resolve(name), name);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const licenceFile = ['LICENSE', 'LICENSE.md', 'LICENCE'].map((f) => join(dir, f)).find((f) => existsSync(f));
    const repository = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
    const text = licenceFile
      ? readFileSync(licenceFile, 'utf8').trim()
      : `${pkg.license} licence${pkg.author ? `, ${typeof pkg.author === 'string' ? pkg.author : pkg.author.name}` : ''}.`;
    return `## ${name} ${pkg.version}\n\n${repository ? `${repository}\n\n` : ''}${text}\n`;
  });
  return `# Third-party code in this build\n\nCompiled into dist/ from these packages:\n\n${sections.join('\n')}`;
}

/** The directory of package `name` that holds `file` (a package's exports may not list its package.json). */
function packageDir(file: string, name: string): string {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === name) return dir;
  }
  throw new Error(`No package.json of ${name} above ${file}`);
}
