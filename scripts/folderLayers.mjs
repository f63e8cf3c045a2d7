// The folder layers inside packages: react's (strings < … < entry) and the server's (kernel < identity <
// modules < entry), their import cycles (type-only imports included), and the length of source files.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { cyclesOf, importsOf, isDirectory, isFile, resolveSource, sourceFiles } from './importGraph.mjs';

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
