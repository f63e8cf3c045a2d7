#!/usr/bin/env node
// Keeps DESIGN §1's one-way flow of dependencies: fails when a package imports what it must not.
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkFileLengths, checkReactFolders, checkServerLayers } from './folderLayers.mjs';
import { importsOf, isDirectory, sourceFiles } from './importGraph.mjs';

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
