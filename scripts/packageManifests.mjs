// The rules every published @latch/* package.json follows (one version for all, exports to the build with
// the monorepo's source condition first, the fields a registry page and an installer need). Checked by
// scripts/packageManifests.test.ts; `problems` lists what breaks them, so a bad manifest fails with a reason.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SOURCE_CONDITION } from './tsdown.base.mjs';

const DEPENDENCY_FIELDS = ['dependencies', 'peerDependencies', 'optionalDependencies'];

/** Reads the root and every workspace's package.json: `{ root, workspaces: [{ dir, pkg }] }`. */
export function readManifests(root) {
  const read = (dir) => JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
  const rootPkg = read('.');
  return { root: rootPkg, workspaces: rootPkg.workspaces.map((dir) => ({ dir, pkg: read(dir) })) };
}

/** The dist path a source module builds to (src/a/b.tsx → dist/a/b.js, or .d.ts for types). */
export function builtPath(source, kind) {
  return source.replace(/^\.\/src\//, './dist/').replace(/\.tsx?$/, kind === 'types' ? '.d.ts' : '.js');
}

/**
 * What is wrong with a published workspace's manifest (`pkg` from `dir`), given the root manifest: a list of
 * sentences, empty when it follows the rules.
 */
export function problems(rootPkg, dir, pkg) {
  const found = [];
  const say = (text) => found.push(`${pkg.name}: ${text}`);
  if (pkg.version !== rootPkg.version) say(`version ${pkg.version} is not the root's ${rootPkg.version}`);
  for (const field of DEPENDENCY_FIELDS)
    for (const [name, range] of Object.entries(pkg[field] ?? {}))
      if (name.startsWith('@latch/') && range !== rootPkg.version)
        say(`${field} names ${name}@${range}, not the exact version ${rootPkg.version}`);
  if (pkg.license !== rootPkg.license) say(`license ${pkg.license} is not the root's ${rootPkg.license}`);
  if (pkg.repository?.url !== rootPkg.repository?.url || pkg.repository?.directory !== dir)
    say(`repository must be the root's url with directory ${dir}`);
  if (pkg.engines?.node !== rootPkg.engines?.node) say(`engines.node must be the root's ${rootPkg.engines?.node}`);
  if (pkg.type !== 'module') say('type must be module (the build is ESM only)');
  if (!Array.isArray(pkg.files) || !pkg.files.includes('dist')) say('files must list dist');
  if (pkg.sideEffects === undefined) say('sideEffects must be set (false, or the files with side effects)');
  if (!pkg.scripts?.prepack) say('needs a prepack script that builds dist');
  for (const [entry, target] of Object.entries(pkg.exports ?? {})) {
    if (typeof target !== 'object' || Object.keys(target)[0] !== SOURCE_CONDITION) {
      say(`exports["${entry}"] must be an object whose first condition is ${SOURCE_CONDITION}`);
      continue;
    }
    const source = target[SOURCE_CONDITION];
    // A source-only entry (no import) is monorepo-internal: not built, not resolvable from an install.
    if (!('import' in target) && !('types' in target)) continue;
    for (const kind of ['types', 'import'])
      if (target[kind] !== builtPath(source, kind))
        say(`exports["${entry}"].${kind} is ${target[kind]}, not ${builtPath(source, kind)} (built from ${source})`);
    if (Object.keys(target).join() !== [SOURCE_CONDITION, 'types', 'import'].join())
      say(`exports["${entry}"] conditions must be ${SOURCE_CONDITION}, types, import (in that order)`);
  }
  if (!pkg.exports?.['.']) say('exports must have "."');
  return found;
}
