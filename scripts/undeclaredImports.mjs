// The bare imports a built package makes without declaring them: a flat install (npm's) hides such a
// missing dependency, a strict one (pnpm, Yarn PnP) fails on it. Used by the fresh-app e2e on the installed tarballs.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

// The module specifier of an import or re-export statement (one per line in the built files), a bare
// side-effect import, or a dynamic import().
const IMPORT_SPECIFIER =
  /^(?:import|export)\s[^;]*?\bfrom\s*["']([^"']+)["']|^import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm;

/**
 * The bare imports (`x`, `@s/x`, `x/sub`) in an installed package's dist/*.js that its package.json does not
 * declare (dependencies, peerDependencies, optionalDependencies): a flat install hides them, a strict one fails.
 */
export function undeclaredImports(packageDir) {
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const declared = new Set(
    ['dependencies', 'peerDependencies', 'optionalDependencies'].flatMap((field) => Object.keys(pkg[field] ?? {})),
  );
  const found = new Set();
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.js'))
        for (const match of readFileSync(path, 'utf8').matchAll(IMPORT_SPECIFIER)) {
          const specifier = match[1] ?? match[2] ?? match[3] ?? '';
          if (specifier.startsWith('.') || specifier.startsWith('node:')) continue;
          const dependency = specifier
            .split('/')
            .slice(0, specifier.startsWith('@') ? 2 : 1)
            .join('/');
          if (!declared.has(dependency)) found.add(`${pkg.name}: ${specifier} (${path.slice(packageDir.length + 1)})`);
        }
    }
  };
  walk(join(packageDir, 'dist'));
  return [...found].sort();
}
