// The run's one build and pack of the published packages. `npm test` makes it beside the typecheck
// (scripts/test.mjs): the wallet frame, the four client packages and the server built into their dist/ in one
// process (tsdown's declaration pass keeps its work from package to package: 33 CPU-s for the five, against 58 as
// five `tsdown` processes), then packed by `npm pack`. The bundle budget test and the e2e packaging checks
// (e2e/sharedPack.ts) read it only when it was made from the tree they test: its record names the content hash of
// the sources it was built from and of what it wrote, both checked on every read. Otherwise they build for themselves.
// Run: node scripts/sharedBuild.mjs [--frame-built]
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { packReport } from './packReport.mjs';
import { buildPackages, PUBLISHED_PACKAGES } from './tsdown.base.mjs';

const run = promisify(execFile);

/** The workspaces built and packed (directories under packages/): the client packages in build order, then the server. */
export const SHARED_BUILD_PACKAGES = [...PUBLISHED_PACKAGES, 'server'];

// What the builds read besides each package's own directory: the wallet frame (the server's dist embeds its
// build), the shared tsdown configuration, the compiler settings the declarations follow and the installed tools.
const INPUT_DIRS = [...SHARED_BUILD_PACKAGES, 'wallet-frame'].map((name) => join('packages', name));
const INPUT_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'scripts/tsdown.base.mjs'];
// Never inputs: the builds' own output and installed dependencies (package-lock.json stands for those).
const SKIPPED = new Set(['dist', 'node_modules']);

/** Where the shared build's tarballs and record live. */
export const sharedBuildDir = (root) => join(root, 'artifacts', 'shared-build');
const recordOf = (root) => join(sharedBuildDir(root), 'build.json');

/** Adds a file to `hash`: its name, then its bytes (a missing file hashes as missing). */
function addFile(hash, name, path) {
  hash.update(`${name}\0`);
  hash.update(existsSync(path) ? readFileSync(path) : '\0missing');
  hash.update('\0');
}

/** Adds each file under `dir` (relative to `root`, sorted, `skipped` directories left out) to `hash`. */
function addTree(hash, root, dir, skipped = new Set()) {
  if (!existsSync(join(root, dir))) return addFile(hash, dir, join(root, dir));
  const entries = readdirSync(join(root, dir), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && !skipped.has(entry.name)) addTree(hash, root, path, skipped);
    else if (entry.isFile()) addFile(hash, path, join(root, path));
  }
}

/** The content hash of everything the shared build reads: a changed source, config or lock file changes it. */
export function sourceKey(root) {
  const hash = createHash('sha256');
  for (const dir of INPUT_DIRS) addTree(hash, root, dir, SKIPPED);
  for (const file of INPUT_FILES) addFile(hash, file, join(root, file));
  return hash.digest('hex');
}

/** The content hash of what the shared build wrote: each package's dist/ and the tarballs. */
function outputKey(root, tarballs) {
  const hash = createHash('sha256');
  for (const name of SHARED_BUILD_PACKAGES) addTree(hash, root, join('packages', name, 'dist'));
  for (const [name, path] of Object.entries(tarballs).sort()) addFile(hash, name, path);
  return hash.digest('hex');
}

/**
 * Builds the wallet frame and every SHARED_BUILD_PACKAGES workspace into its dist/ (what each prepack runs), packs
 * them with scripts off into sharedBuildDir, and records the source and output hashes. Returns the tarball paths by
 * package name. Throws, recording nothing, when a build fails or the source changed while it built. `frameBuilt`:
 * the wallet frame was just built from this tree and a server is serving it (the e2e stack), so it is not rebuilt
 * under that server (its build empties its dist/ first).
 */
export async function sharedBuild(root, { frameBuilt = false } = {}) {
  const dir = sharedBuildDir(root);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const source = sourceKey(root);
  if (!frameBuilt) await run(process.execPath, [join(root, 'packages/wallet-frame/build.mjs')], { cwd: root });
  await buildPackages(root);
  const { build } = await import('tsdown');
  await build({ config: join(root, 'packages/server/tsdown.config.ts'), logLevel: 'warn' });
  const { stdout } = await run(
    'npm',
    [
      'pack',
      '--ignore-scripts',
      '--json',
      '--pack-destination',
      dir,
      ...SHARED_BUILD_PACKAGES.flatMap((name) => ['-w', `packages/${name}`]),
    ],
    { cwd: root, maxBuffer: 64 << 20 },
  );
  const tarballs = Object.fromEntries(packReport(stdout).map((packed) => [packed.name, join(dir, packed.filename)]));
  if (sourceKey(root) !== source) throw new Error('The sources changed during the shared build; it is not recorded');
  recordSharedBuild(root, source, tarballs);
  return tarballs;
}

/** Records a build of the sources whose key is `source`: that key, the hash of its output as it is now, its tarballs. */
export function recordSharedBuild(root, source, tarballs) {
  mkdirSync(sharedBuildDir(root), { recursive: true });
  const record = { source, output: outputKey(root, tarballs), tarballs };
  writeFileSync(`${recordOf(root)}.tmp`, JSON.stringify(record, null, 2));
  renameSync(`${recordOf(root)}.tmp`, recordOf(root));
}

/**
 * The tarball paths by package name of the shared build, when it was built from the tree as it is now and neither
 * its dist/ directories nor its tarballs changed since; undefined otherwise (never built, stale, or altered).
 */
export function currentSharedBuild(root) {
  if (!existsSync(recordOf(root))) return undefined;
  const record = JSON.parse(readFileSync(recordOf(root), 'utf8'));
  if (record.source !== sourceKey(root) || record.output !== outputKey(root, record.tarballs)) return undefined;
  return record.tarballs;
}

// Run as a script (npm test's step): build and pack the tree this file sits in.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const tarballs = await sharedBuild(root, { frameBuilt: process.argv.includes('--frame-built') });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Built and packed ${Object.keys(tarballs).join(', ')} in ${seconds} s`);
}
