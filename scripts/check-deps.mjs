#!/usr/bin/env node
// Keeps DESIGN §1's one-way flow of dependencies: fails when a package imports what it must not.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What each workspace may import: our packages by name, and third-party bans. */
export const RULES = {
  'packages/protocol': { ours: [], banned: ['react', 'react-dom', 'hono'], onlyThirdParty: ['valibot'] },
  'packages/core': { ours: ['@latch/protocol'], banned: ['react', 'react-dom', 'hono'] },
  'packages/react': { ours: ['@latch/core', '@latch/protocol'], banned: ['hono'] },
  'packages/wallet-frame': { ours: ['@latch/protocol'], banned: ['react', 'react-dom', 'hono'] },
  'packages/server': { ours: ['@latch/protocol'], banned: ['react', 'react-dom'] },
  'apps/demo': { ours: ['@latch/react', '@latch/core', '@latch/protocol'], banned: [] },
};

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

/** Returns the violations of one import in a workspace, or null. */
export function violation(workspace, specifier) {
  const rule = RULES[workspace];
  if (!rule || specifier.startsWith('.') || specifier.startsWith('node:')) return null;
  const name = packageName(specifier);
  if (name.startsWith('@latch/')) return rule.ours.includes(name) ? null : `${workspace} must not import ${name}`;
  if (rule.banned.includes(name)) return `${workspace} must not import ${name}`;
  if (rule.onlyThirdParty && !rule.onlyThirdParty.includes(name))
    return `${workspace} may only depend on ${rule.onlyThirdParty.join(', ')}, not ${name}`;
  return null;
}

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(entry) && !/\.(test|spec)\.tsx?$/.test(entry)) yield path;
  }
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
        const problem = violation(workspace, specifier);
        if (problem) problems.push(`${relative(root, file)}: ${problem}`);
      }
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = checkDependencies(join(fileURLToPath(import.meta.url), '..', '..'));
  if (problems.length > 0) {
    console.error(`Dependency direction violated (DESIGN §1):\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log('check-deps: dependencies point one way (DESIGN §1).');
}
