import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { undeclaredImports } from './undeclaredImports.mjs';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A package directory with `package.json` fields and dist files. */
function fixture(pkg: Record<string, unknown>, files: Record<string, string>): string {
  dir = mkdtempSync(join(tmpdir(), 'latch-undeclared-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: '@latch/x', ...pkg }));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, 'dist', path, '..'), { recursive: true });
    writeFileSync(join(dir, 'dist', path), text);
  }
  return dir;
}

describe('undeclaredImports', () => {
  it('finds the bare imports, static, re-exported, bare and dynamic, that package.json does not declare', () => {
    const files = {
      'index.js': [
        'import { a } from "dep-a";',
        'import { b } from "@scope/dep-b/sub";',
        'export { c } from "dep-c";',
        'import "side-effect";',
        'const lazy = () => import("lazy-dep");',
        'import { d } from "./local.js";',
        'import { e } from "node:fs";',
        // A string that merely looks like an import is not one.
        'const text = \'import is done from "nowhere"\';',
      ].join('\n'),
      'deep/more.js': 'import { f } from "dep-f";\n',
    };
    expect(undeclaredImports(fixture({}, files))).toEqual([
      '@latch/x: @scope/dep-b/sub (dist/index.js)',
      '@latch/x: dep-a (dist/index.js)',
      '@latch/x: dep-c (dist/index.js)',
      '@latch/x: dep-f (dist/deep/more.js)',
      '@latch/x: lazy-dep (dist/index.js)',
      '@latch/x: side-effect (dist/index.js)',
    ]);
    const declared = {
      dependencies: { 'dep-a': '1', 'dep-c': '1' },
      peerDependencies: { '@scope/dep-b': '1', 'side-effect': '1' },
      optionalDependencies: { 'lazy-dep': '1', 'dep-f': '1' },
    };
    expect(undeclaredImports(fixture(declared, files))).toEqual([]);
  });
});
