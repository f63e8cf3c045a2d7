// The one tsdown configuration every published @latch/* package builds with (packages/*/tsdown.config.ts),
// and buildPackages, which the root `npm run build`, the bench and the tests call.
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';

/** The custom export condition that resolves a @latch/* package to its TypeScript source inside the monorepo. */
export const SOURCE_CONDITION = '@latch/source';

/** The published client packages (directories under packages/), in build order: each depends only on earlier ones. */
export const PUBLISHED_PACKAGES = ['protocol', 'core', 'react', 'node'];
// Packages that run only in Node (host backends); the others build platform-neutral for browsers and Node.
const NODE_ONLY = new Set(['@latch/node']);
// Packages of React components and hooks: each built entry starts with 'use client', so a Next.js App Router
// server component can render them with no host 'use client' file (without it: "createContext is not a function").
const CLIENT_COMPONENTS = new Set(['@latch/react']);

/**
 * The source files a package publishes: every `exports` entry that has an `import` (built) target.
 * Source-only entries (no `import`, e.g. @latch/core/testing) stay inside the monorepo and are not built.
 */
export function publishedEntries(exports) {
  return Object.values(exports)
    .filter((entry) => typeof entry === 'object' && entry.import)
    .map((entry) => entry[SOURCE_CONDITION].replace(/^\.\//, ''));
}

// A relative import in the source (`./x.js`, `../y/z.js`): its target is a .ts or .tsx file of the same package.
const RELATIVE_IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/**
 * The package's modules the published entries reach through relative imports, static or dynamic, type
 * imports included (paths relative to `dir`). Test fixtures and source-only entries stay out of dist.
 */
export function reachableModules(dir, entries) {
  const seen = new Set();
  const stack = entries.map((entry) => join(dir, entry));
  while (stack.length) {
    const file = stack.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
      if (specifier.endsWith('.css')) continue;
      const stem = resolve(dirname(file), specifier).replace(/\.js$/, '');
      const target = [`${stem}.ts`, `${stem}.tsx`].find((candidate) => existsSync(candidate));
      if (!target) throw new Error(`${relative(dir, file)} imports ${specifier}: no such .ts or .tsx file`);
      stack.push(target);
    }
  }
  return [...seen].map((file) => relative(dir, file)).sort();
}

/**
 * Rolldown's banner for a package of client components: `'use client'` at the top of each published entry's
 * built file (dist/x.js for src/x.ts[x]) and of nothing else, so the modules an entry imports stay ordinary
 * modules of the client graph. Directives must come first in a module, so a banner, not a source line
 * (rolldown drops module-level directives). Rolldown's own option: tsdown's `banner` calls a function once
 * and reuses its answer for every later file.
 */
export function useClientBanner(exports) {
  const entries = new Set(
    publishedEntries(exports).map((entry) => entry.replace(/^src\//, '').replace(/\.tsx?$/, '.js')),
  );
  return ({ fileName }) => (entries.has(fileName) ? "'use client';" : '');
}

/** The tsdown config of the package in `dir`: ESM + .d.ts + source maps in dist/, entries read from its package.json `exports`. */
export function latchPackage(dir) {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  return {
    cwd: dir,
    // One output module per source module, each compiled on its own with its relative imports kept as
    // written: dist has the module graph of src, so a host's bundler sees the same `import()` boundaries and
    // the same shared modules (hooks/index.ts keeps the hooks in one chunk), and splits as it does from source.
    // (tsdown's `unbundle` alone re-points each import at the module that defines the name, which skips such
    // index modules and cost the bundle budget ~1.2 kB gzip in five extra initial chunks.)
    entry: reachableModules(dir, publishedEntries(pkg.exports)),
    unbundle: true,
    deps: { neverBundle: [/^\.{1,2}\/(?!.*\.css$)/] },
    root: 'src',
    platform: NODE_ONLY.has(pkg.name) ? 'node' : 'neutral',
    format: 'esm',
    outDir: 'dist',
    clean: true,
    // Declaration maps would point at src/, which the tarball leaves out.
    dts: { sourcemap: false },
    // The JS maps carry the source text (sourcesContent), so they work without src in the tarball.
    sourcemap: true,
    target: 'es2022',
    fixedExtension: false,
    hash: false,
    plugins: [cssTextModules()],
    ...(CLIENT_COMPONENTS.has(pkg.name) && { outputOptions: { banner: useClientBanner(pkg.exports) } }),
    // Dependencies and peerDependencies stay imports (tsdown's default): the host's installer dedupes them.
    report: false,
    logLevel: 'warn',
    // The declaration pass dominates the build by design; rolldown's note about slow plugins is noise in test output.
    checks: { pluginTimings: false },
  };
}

// Suffix of a stylesheet's text module: its id must not end in .css, or tsdown takes it for a stylesheet to bundle.
const CSS_TEXT = '.text.js';

/**
 * The widget imports its stylesheets as text (scripts/cssAsText.mjs in the monorepo): each becomes a
 * module exporting the text (dist/styles/x.css.text.js), so a host's bundler needs no plugin and injects no <style>.
 * The text ships without its layout whitespace (the same rules in the same order: esbuild's minifyWhitespace only,
 * no rewrite of selectors or values); it sits in the page's first chunk (initial JS -100 B gzip).
 */
function cssTextModules() {
  return {
    name: 'latch-css-text-modules',
    resolveId(source, importer) {
      if (!source.endsWith('.css') || !importer) return null;
      return resolve(dirname(importer), source) + CSS_TEXT;
    },
    async load(id) {
      if (!id.endsWith(`.css${CSS_TEXT}`)) return null;
      const { transform } = await import('esbuild');
      const css = await readFile(id.slice(0, -CSS_TEXT.length), 'utf8');
      const { code } = await transform(css, { loader: 'css', minifyWhitespace: true });
      return `export default ${JSON.stringify(code.trimEnd())};`;
    },
  };
}

/** Builds the published packages (all, or the `names` given) into their dist/ directories, in order. */
export async function buildPackages(root, names = PUBLISHED_PACKAGES) {
  const { build } = await import('tsdown');
  for (const name of PUBLISHED_PACKAGES.filter((n) => names.includes(n)))
    await build({ ...latchPackage(join(root, 'packages', name)), config: false });
}
