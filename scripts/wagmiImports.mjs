// Which published modules load wagmi's packages at run time. `npm install wagmi` nests @wagmi/core under
// wagmi, where no @latch/* package can resolve it, and a host without wagmi has none of them: a run-time
// import of one outside the wagmi entries blanks the host's page (issue #25, item 5).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { publishedEntries, reachableModules } from './tsdown.base.mjs';

/** The packages only a wagmi host installs. */
export const WAGMI_PACKAGES = ['wagmi', '@wagmi/core', '@tanstack/react-query'];

// `import x from 'p'`, `import { a } from 'p'`, `export { a } from 'p'`, `import 'p'`, `import('p')`;
// `import type` / `export type` stay out (erased in the build).
const RUNTIME_IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?!type\s)[^'"]*?from\s*['"]([^'"]+)['"]|^import\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;

/** The bare specifiers a source text loads at run time (type-only imports left out). */
export function runtimeImportsOf(source) {
  return [...source.matchAll(RUNTIME_IMPORT)].map((match) => match[1] ?? match[2] ?? match[3]);
}

const isWagmiPackage = (specifier) =>
  WAGMI_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`));

/**
 * The run-time imports of wagmi's packages in the published package at `dir`, as `entry: module -> specifier`
 * (paths relative to `dir`), for every entry and every module it reaches.
 */
export function wagmiImportsByEntry(dir) {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const found = [];
  for (const [name, target] of Object.entries(pkg.exports)) {
    const [entry] = publishedEntries({ [name]: target });
    if (!entry) continue;
    for (const module of reachableModules(dir, [entry]))
      for (const specifier of runtimeImportsOf(readFileSync(join(dir, module), 'utf8')))
        if (isWagmiPackage(specifier)) found.push({ entry: name, module, specifier });
  }
  return found;
}
