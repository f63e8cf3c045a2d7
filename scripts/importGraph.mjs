// How the dependency checks read the source: imports of a file, the file a relative import names,
// the source files of a folder, and the cycles of an import graph.
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm;

/** Lists the module specifiers a source text imports. */
export function importsOf(source) {
  const found = [];
  for (const match of source.matchAll(IMPORT)) found.push(match[1] ?? match[2] ?? match[3]);
  return found;
}

/** Resolves a relative specifier written with .js to the source file it names, or null. */
export function resolveSource(file, specifier, exists) {
  const base = resolve(dirname(file), specifier);
  const stem = base.replace(/\.(js|mjs)$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')])
    if (exists(candidate)) return candidate;
  return null;
}

/** True when `path` is a file. */
export const isFile = (path) => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/** True when `path` is a folder. */
export const isDirectory = (path) => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/** The import cycles among `graph`'s files (Map file -> files), each as a path that returns to its start. */
export function cyclesOf(graph) {
  const cycles = [];
  const state = new Map(); // 1: on the current path, 2: done
  const stack = [];
  const visit = (file) => {
    state.set(file, 1);
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 1) cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 2);
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return cycles;
}

/** The source files under `dir`; tests (*.test.ts, *.spec.ts) only with `withTests`. */
export function* sourceFiles(dir, withTests = false) {
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* sourceFiles(path, withTests);
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(entry) && (withTests || !/\.(test|spec)\.tsx?$/.test(entry))) yield path;
  }
}
