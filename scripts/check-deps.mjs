#!/usr/bin/env node
// Keeps DESIGN §1's one-way flow of dependencies: fails when a package imports what it must not.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What each workspace may import: our packages by name, and third-party bans. `testOnly` packages are imported
 * from tests and test/ or testing/ files only: the real server (@latch/server/testing) and the frame's test
 * helpers (@latch/wallet-frame/testing) are what the clients' integration tests run against.
 */
export const RULES = {
  'packages/protocol': { ours: [], banned: ['react', 'react-dom', 'hono'], onlyThirdParty: ['valibot', 'viem'] },
  'packages/core': {
    ours: ['@latch/protocol'],
    banned: ['react', 'react-dom', 'hono'],
    testOnly: ['@latch/server', '@latch/wallet-frame'],
  },
  'packages/react': { ours: ['@latch/core', '@latch/protocol'], banned: ['hono'], testOnly: ['@latch/server'] },
  'packages/wallet-frame': {
    ours: ['@latch/protocol'],
    banned: ['react', 'react-dom', 'hono'],
    testOnly: ['@latch/server'],
  },
  // The development identity providers (@latch/dev-idp) are no part of the product: the server imports them
  // only from tests and its test/ or testing/ helpers (testOnly), never from what it runs.
  'packages/server': { ours: ['@latch/protocol'], banned: ['react', 'react-dom'], testOnly: ['@latch/dev-idp'] },
  // The server SDK for host backends: the wire contract, jose (tokens) and standardwebhooks (webhook
  // signatures), nothing of the server's or the browser's.
  'packages/node': {
    ours: ['@latch/protocol'],
    banned: ['react', 'react-dom', 'hono'],
    onlyThirdParty: ['jose', 'standardwebhooks'],
    testOnly: ['@latch/server'],
  },
  'apps/demo': { ours: ['@latch/react', '@latch/core', '@latch/protocol'], banned: [] },
  'apps/dev-idp': { ours: ['@latch/protocol'], banned: ['react', 'react-dom', 'hono'] },
};

/** Files (path under a workspace's src/) that may import a rule's `testOnly` packages. */
const TEST_ONLY_FILES = /(^|\/)(test|testing)\//;

/**
 * The workspaces that test the packages from outside, and the packages whose sources they must not reach
 * into by relative path (those offer a testing entry: @latch/server/testing). The ruled workspaces reach into
 * no other workspace at all; scripts/ (the repository's tooling, no package) is open to every one.
 */
export const OUTSIDE_TESTERS = { e2e: ['packages/server'], bench: ['packages/server'] };

/**
 * The violation of a relative import from `from` to `to` (paths from the repository root), or null: a file
 * of a ruled workspace imports another package by name, never by a path into its files.
 */
export function reachInViolation(workspace, from, to) {
  const forbidden = OUTSIDE_TESTERS[workspace] ?? [...Object.keys(RULES), ...Object.keys(OUTSIDE_TESTERS)];
  const target = forbidden.find((other) => other !== workspace && (to === other || to.startsWith(`${other}/`)));
  if (!target) return null;
  return `${from} reaches into ${target} by relative path (${to}): import the package, or its testing entry`;
}

/**
 * The folders of packages/react, lowest first: a file imports its own folder and the folders its
 * layer lists, never upward (screens never open dialogs, components never import screens).
 */
export const REACT_LAYERS = {
  strings: [],
  styles: [],
  // The bindings to core's state: the context, the hooks, and what remains beside them.
  bindings: ['strings', 'styles'],
  components: ['bindings', 'strings', 'styles'],
  screens: ['components', 'bindings', 'strings', 'styles'],
  dialogs: ['screens', 'components', 'bindings', 'strings', 'styles'],
  // The @latch/react/wagmi entry: wagmi kept in step with the bindings' state; no widget folder imports it.
  wagmi: ['bindings'],
  // LatchProvider, LatchEmbed and index.ts put the widget together.
  entry: ['dialogs', 'screens', 'components', 'bindings', 'strings', 'styles'],
};

const REACT_SRC = 'packages/react/src';
// The bindings: LatchContext.ts at the root, the hooks (hooks/) and the embedded wallet's flow context
// (embeddedWallet/). Any other root file is the entry.
const BINDING_FILES = /^LatchContext\.tsx?$/;
const BINDING_FOLDERS = ['hooks', 'embeddedWallet'];

/** The layer of a file, from its path under packages/react/src. */
export function reactLayerOf(path) {
  const parts = path.split('/');
  if (parts.length === 1) return BINDING_FILES.test(parts[0]) ? 'bindings' : 'entry';
  return BINDING_FOLDERS.includes(parts[0]) ? 'bindings' : parts[0];
}

/** The violation of a relative import between two files under packages/react/src, or null. */
export function reactViolation(from, to) {
  const source = reactLayerOf(from);
  const target = reactLayerOf(to);
  const allowed = REACT_LAYERS[source];
  if (!allowed) return `${source}/ is no folder of the React layers (${Object.keys(REACT_LAYERS).join(', ')})`;
  if (source === target || allowed.includes(target)) return null;
  if (!REACT_LAYERS[target]) return `${target}/ is no folder of the React layers`;
  return `${source} must not import ${target} (${from} imports ${to})`;
}

/** Resolves a relative specifier written with .js to the source file it names, or null. */
function resolveSource(file, specifier, exists) {
  const base = resolve(dirname(file), specifier);
  const stem = base.replace(/\.(js|mjs)$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')])
    if (exists(candidate)) return candidate;
  return null;
}

const isFile = (path) => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

const isDirectory = (path) => {
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

/** Checks the folder layers and the import cycles of packages/react under `root`. */
export function checkReactFolders(root) {
  const src = join(root, REACT_SRC);
  if (!isFile(join(src, 'index.ts'))) return [];
  const problems = [];
  const graph = new Map();
  for (const file of sourceFiles(src)) {
    const from = relative(src, file).split('\\').join('/');
    const targets = [];
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.') || /\.css$/.test(specifier)) continue;
      const target = resolveSource(file, specifier, isFile);
      if (!target) continue;
      targets.push(target);
      const problem = reactViolation(from, relative(src, target).split('\\').join('/'));
      if (problem) problems.push(`${REACT_SRC}/${from}: ${problem}`);
    }
    graph.set(file, targets);
  }
  for (const cycle of cyclesOf(graph))
    problems.push(`${REACT_SRC}: import cycle ${cycle.map((file) => relative(src, file)).join(' -> ')}`);
  return problems;
}

const SERVER_SRC = 'packages/server/src';

/** The layers of packages/server/src, lowest first: a file imports its own layer or a lower one. */
export const SERVER_LAYERS = ['kernel', 'identity', 'modules', 'entry'];

/** Tests and their helpers (test/ and testing/ folders): exempt from the layers, never imported by source. */
const isTestPath = (path) => /\.test\.tsx?$/.test(path) || /(^|\/)(test|testing)\//.test(path);

/** The layer of a file, from its path under packages/server/src: root files and admin/ are the entry. */
export function serverLayerOf(path) {
  if (isTestPath(path)) return 'test';
  const top = path.split('/')[0];
  return SERVER_LAYERS.includes(top) && top !== 'entry' ? top : 'entry';
}

/** The module a file under modules/ belongs to, or null. */
const moduleOf = (path) => (path.startsWith('modules/') && path.split('/').length > 2 ? path.split('/')[1] : null);

/** The violation of a relative import between two files under packages/server/src, or null. */
export function serverViolation(from, to) {
  const source = serverLayerOf(from);
  const target = serverLayerOf(to);
  if (source === 'test') return null;
  if (target === 'test') return `source must not import tests or test helpers (${from} imports ${to})`;
  if (SERVER_LAYERS.indexOf(target) <= SERVER_LAYERS.indexOf(source)) return null;
  return `${source} must not import ${target} (${from} imports ${to})`;
}

/** The relative imports of every source file under `src` (tests left out), as a Map file -> files. */
function importGraph(src) {
  const graph = new Map();
  for (const file of sourceFiles(src)) {
    const targets = [];
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.') || /\.css$/.test(specifier)) continue;
      const target = resolveSource(file, specifier, isFile);
      if (target) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/**
 * Checks the layers of packages/server under `root` (kernel < identity < modules < entry), the import
 * cycles between its files (type-only imports count: they tie the files' types together), and the
 * cycles between the modules of modules/.
 */
export function checkServerLayers(root) {
  const src = join(root, SERVER_SRC);
  if (!isFile(join(src, 'index.ts'))) return [];
  const problems = [];
  const graph = importGraph(src);
  const rel = (file) => relative(src, file).split('\\').join('/');
  const modules = new Map();
  for (const [file, targets] of graph) {
    const from = rel(file);
    for (const target of targets) {
      const to = rel(target);
      const problem = serverViolation(from, to);
      if (problem) problems.push(`${SERVER_SRC}/${from}: ${problem}`);
      const [a, b] = [moduleOf(from), moduleOf(to)];
      if (a && b && a !== b && !isTestPath(from)) modules.set(a, new Set([...(modules.get(a) ?? []), b]));
    }
  }
  for (const cycle of cyclesOf(new Map([...modules].map(([a, bs]) => [a, [...bs]]))))
    problems.push(`${SERVER_SRC}/modules: module cycle ${cycle.join(' -> ')}`);
  for (const cycle of cyclesOf(graph)) problems.push(`${SERVER_SRC}: import cycle ${cycle.map(rel).join(' -> ')}`);
  return problems;
}

/** The most lines a source file of a package may have. */
export const MAX_LINES = 300;

/** Lists the non-test source files of packages/<name>/src under `root` that are longer than MAX_LINES. */
export function checkFileLengths(root) {
  const packages = join(root, 'packages');
  if (!isDirectory(packages)) return [];
  const problems = [];
  for (const name of readdirSync(packages).sort()) {
    const src = join(packages, name, 'src');
    if (!isDirectory(src)) continue;
    for (const file of sourceFiles(src)) {
      const lines = readFileSync(file, 'utf8').split('\n').length - 1;
      if (lines > MAX_LINES)
        problems.push(`${relative(root, file).split('\\').join('/')}: ${lines} lines (at most ${MAX_LINES})`);
    }
  }
  return problems;
}

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm;

/** Lists the module specifiers a source text imports. */
export function importsOf(source) {
  const found = [];
  for (const match of source.matchAll(IMPORT)) found.push(match[1] ?? match[2] ?? match[3]);
  return found;
}

const packageName = (specifier) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];

/** Returns the violations of one import in a workspace (from `file`, its path under src/), or null. */
export function violation(workspace, specifier, file = '') {
  const rule = RULES[workspace];
  if (!rule || specifier.startsWith('.') || specifier.startsWith('node:')) return null;
  const name = packageName(specifier);
  if (rule.testOnly?.includes(name))
    return TEST_ONLY_FILES.test(file)
      ? null
      : `${workspace} imports ${name} only from tests and test/ or testing/ files`;
  if (name.startsWith('@latch/')) return rule.ours.includes(name) ? null : `${workspace} must not import ${name}`;
  if (rule.banned.includes(name)) return `${workspace} must not import ${name}`;
  if (rule.onlyThirdParty && !rule.onlyThirdParty.includes(name))
    return `${workspace} may only depend on ${rule.onlyThirdParty.join(', ')}, not ${name}`;
  return null;
}

/** The source files under `dir`; tests (*.test.ts, *.spec.ts) only with `withTests`. */
function* sourceFiles(dir, withTests = false) {
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* sourceFiles(path, withTests);
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(entry) && (withTests || !/\.(test|spec)\.tsx?$/.test(entry))) yield path;
  }
}

/** Checks every file of every ruled and outside-testing workspace, tests included, for relative reach-ins. */
export function checkReachIns(root) {
  const problems = [];
  for (const workspace of [...Object.keys(RULES), ...Object.keys(OUTSIDE_TESTERS)]) {
    if (!isDirectory(join(root, workspace))) continue;
    for (const file of sourceFiles(join(root, workspace), true)) {
      const from = relative(root, file).split('\\').join('/');
      for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
        if (!specifier.startsWith('.')) continue;
        const to = relative(root, resolve(dirname(file), specifier))
          .split('\\')
          .join('/');
        const problem = reachInViolation(workspace, from, to);
        if (problem) problems.push(problem);
      }
    }
  }
  return problems;
}

/** Checks every non-test source file of every ruled workspace under `root`. */
export function checkDependencies(root) {
  const problems = [];
  for (const workspace of Object.keys(RULES)) {
    const src = join(root, workspace, 'src');
    let exists = true;
    try {
      statSync(src);
    } catch {
      exists = false;
    }
    if (!exists) continue;
    for (const file of sourceFiles(src)) {
      for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
        const problem = violation(workspace, specifier, relative(src, file).split('\\').join('/'));
        if (problem) problems.push(`${relative(root, file)}: ${problem}`);
      }
    }
  }
  return [
    ...problems,
    ...checkReachIns(root),
    ...checkReactFolders(root),
    ...checkServerLayers(root),
    ...checkFileLengths(root),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = checkDependencies(join(fileURLToPath(import.meta.url), '..', '..'));
  if (problems.length > 0) {
    console.error(`Dependency direction violated (DESIGN §1):\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log('check-deps: dependencies point one way (DESIGN §1).');
}
