// The repository paths the docs name, and those of them that no longer exist: a moved file leaves
// docs pointing at nothing, and nobody notices until a reader follows one (issue #26 counted 13).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

/** The extensions that make a backticked word a file name (a folder is written with a trailing slash). */
const FILE_EXTENSION = /\.(?:ts|tsx|mts|mjs|cjs|js|json|md|css|html|sh|ya?ml|sql|toml)$/;
/** A path from one of the repository's top-level folders, a folder even without its trailing slash. */
const TOP_LEVEL = /^(?:packages|apps|bench|scripts|docs|e2e|docker)\/./;
/** A path with at least one folder and a file extension, in prose: not inside a URL or a longer word. */
const PROSE_PATH =
  /(?<![\w`/.@:~-])((?:[\w.-]+\/)+[\w.-]+\.(?:ts|tsx|mts|mjs|cjs|js|json|md|css|html|sh|ya?ml|sql|toml))(?![\w/])/g;
/** What a path never holds: spaces, globs, placeholders, URLs and code (`a.b()`, `x = y`, `<id>`, `…`). */
const NOT_A_PATH = /[\s*<>{}()[\]:=,;'"|…$~]/;

/**
 * Backticked paths the docs name that are not files of the repository, each with why: what a build
 * writes (any `dist/` path is skipped too), what a running server or a host app has, placeholders.
 */
export const NOT_IN_REPOSITORY = {
  'SPEC.md': 'the product contract, kept beside the repository',
  'DESIGN.md': 'the design, kept beside the repository',
  'shared/': 'the folder beside the repository that holds SPEC.md and DESIGN.md',
  'manifest.json': "the wallet frame build's manifest (dist/)",
  'frame.js': 'a wallet frame build output (dist/)',
  'export.js': 'a wallet frame build output (dist/)',
  'secrets/': 'a deployment folder of secret files',
  'admin.json': "a file in the server's data directory",
  'LATCH_DATA_DIR/admin.json': "a file in the server's data directory",
  'app/layout.tsx': "a Next.js host app's layout",
  'fund.mjs': 'a script the wagmi guide has the reader write',
  'X.tsx': 'a placeholder screen name',
  'XBody.tsx': 'a placeholder screen name',
  'src/kernel/store/migrations/NNN_name.ts': 'a placeholder migration name',
  'artifacts/screenshots/': 'written by the e2e run (git-ignored)',
};

/** True when backticked `text` reads as a repository file or folder path. */
function looksLikePath(text) {
  if (Object.hasOwn(NOT_IN_REPOSITORY, text) || /(^|\/)dist(\/|$)/.test(text)) return false;
  if (NOT_A_PATH.test(text) || /^[@/.-]/.test(text.replace(/^\.\.?\//, '')) || text.startsWith('-')) return false;
  if (text.endsWith('/') || TOP_LEVEL.test(text)) return text.length > 1 && /^[\w./-]+$/.test(text);
  return FILE_EXTENSION.test(text) && /^[\w./-]+$/.test(text);
}

/**
 * The paths a markdown text names, with their 1-based line: backticked paths and bare `dir/file.ext`
 * words in prose (fenced code blocks are examples, not references) as `{ path, line, link: false }`,
 * and relative link targets (anchors dropped) as `{ path, line, link: true }`.
 */
export function pathsInMarkdown(text) {
  const found = [];
  let fenced = false;
  for (const [index, line] of text.split('\n').entries()) {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (fenced) continue;
    for (const match of line.matchAll(/`([^`\n]+)`/g)) {
      if (looksLikePath(match[1])) found.push({ path: match[1], line: index + 1, link: false });
    }
    // Prose names files without backticks too ("(core/src/latch.ts)"); a URL's path is not one.
    const prose = line.replace(/`[^`\n]*`/g, ' ').replace(/\]\([^)\s]*\)/g, ']');
    for (const match of prose.matchAll(PROSE_PATH)) {
      if (looksLikePath(match[1])) found.push({ path: match[1], line: index + 1, link: false });
    }
    for (const match of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = match[1].split('#')[0];
      if (target && !/^[a-z]+:/i.test(target)) found.push({ path: target, line: index + 1, link: true });
    }
  }
  return found;
}

/** Every tracked (or new, not ignored) file of the repository at `root`, and every folder above one, folders ending in '/'. */
export function repositoryPaths(root) {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  })
    .split('\n')
    .filter(Boolean);
  const paths = new Set(files);
  for (const file of files) {
    for (let slash = file.indexOf('/'); slash !== -1; slash = file.indexOf('/', slash + 1)) {
      paths.add(file.slice(0, slash + 1));
    }
  }
  return paths;
}

/**
 * Whether `path`, named in the doc at `docPath` (repository-relative), exists in `paths`. A link is
 * relative to the doc. A backticked path that starts at a top-level folder (`packages/…`, `bench/…`)
 * must exist as written; a shorter one (`core/src/latch.ts`, `http/resolveApp.ts`, `latch.ts`, the
 * way prose names a file inside the package it is about) must be the tail of some existing path.
 */
export function pathExists(paths, docPath, { path, link }) {
  if (link) {
    const target = normalize(join(dirname(docPath), path)).replace(/\\/g, '/');
    return paths.has(target) || paths.has(`${target.replace(/\/$/, '')}/`);
  }
  const clean = path.replace(/^\.\//, '');
  const top = clean.split('/')[0];
  const forms = clean.endsWith('/') ? [clean] : [clean, `${clean}/`]; // a folder named without its slash
  if (clean.includes('/') && paths.has(`${top}/`)) return forms.some((form) => paths.has(form));
  for (const candidate of paths) {
    if (forms.some((form) => candidate === form || candidate.endsWith(`/${form}`))) return true;
  }
  return false;
}

/** The docs whose paths are checked: README.md and docs/*.md. */
export function checkedDocs(paths) {
  return [...paths].filter((path) => path === 'README.md' || /^docs\/[^/]+\.md$/.test(path)).sort();
}

/** Every path the checked docs name that does not exist, as `doc:line path` strings. */
export function missingDocPaths(root) {
  const paths = repositoryPaths(root);
  const missing = [];
  for (const doc of checkedDocs(paths)) {
    for (const found of pathsInMarkdown(readFileSync(join(root, doc), 'utf8'))) {
      if (!pathExists(paths, doc, found)) missing.push(`${doc}:${found.line} ${found.path}`);
    }
  }
  return missing;
}
