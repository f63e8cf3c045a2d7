import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Manifest, problems, readManifests } from './packageManifests.mjs';
import { PUBLISHED_PACKAGES } from './tsdown.base.mjs';

const ROOT = join(import.meta.dirname, '..');
const { root, workspaces } = readManifests(ROOT);
const published = workspaces.filter(({ pkg }) => !pkg.private);

describe('published package manifests', () => {
  it('publishes the client packages and keeps the apps, tests and bench private', () => {
    const names = published.map(({ pkg }) => pkg.name);
    for (const name of PUBLISHED_PACKAGES) expect(names).toContain(`@latch/${name}`);
    for (const dir of ['apps/demo', 'apps/dev-idp', 'e2e', 'bench'])
      expect(workspaces.find((w) => w.dir === dir)?.pkg.private).toBe(true);
    expect(root.private).toBe(true);
  });

  // One version for all: the root's. Internal dependencies name it exactly, so an install never mixes releases.
  for (const { dir, pkg } of published)
    it(`${pkg.name} follows the rules (one version, exports to dist, licence, files)`, () => {
      expect(problems(root, dir, pkg)).toEqual([]);
      expect(readFileSync(join(ROOT, dir, 'LICENSE'), 'utf8')).toBe(readFileSync(join(ROOT, 'LICENSE'), 'utf8'));
      expect(existsSync(join(ROOT, dir, 'README.md'))).toBe(true);
    });
});

describe('problems', () => {
  const rootPkg: Manifest = {
    name: 'latch',
    version: '1.2.3',
    license: 'MIT',
    repository: { url: 'git+https://example.test/latch.git' },
    engines: { node: '>=20.19' },
  };
  const good: Manifest = {
    name: '@latch/x',
    version: '1.2.3',
    type: 'module',
    license: 'MIT',
    repository: { url: 'git+https://example.test/latch.git', directory: 'packages/x' },
    engines: { node: '>=20.19' },
    files: ['dist'],
    sideEffects: false,
    scripts: { prepack: 'tsdown' },
    exports: {
      '.': { '@latch/source': './src/index.ts', types: './dist/index.d.ts', import: './dist/index.js' },
      './ui': { '@latch/source': './src/ui/View.tsx', types: './dist/ui/View.d.ts', import: './dist/ui/View.js' },
      './testing': { '@latch/source': './src/testing/index.ts' },
    },
    dependencies: { '@latch/y': '1.2.3' },
  };

  it('passes a manifest that follows the rules', () => {
    expect(problems(rootPkg, 'packages/x', good)).toEqual([]);
  });

  it('names each broken rule', () => {
    const check = (change: Partial<Manifest>) => problems(rootPkg, 'packages/x', { ...good, ...change });
    expect(check({ version: '1.2.4' })).toEqual(["@latch/x: version 1.2.4 is not the root's 1.2.3"]);
    expect(check({ dependencies: { '@latch/y': '^1.2.3' } })).toEqual([
      '@latch/x: dependencies names @latch/y@^1.2.3, not the exact version 1.2.3',
    ]);
    expect(check({ peerDependencies: { '@latch/y': '1.2.2' } })).toHaveLength(1);
    // What the issue met: exports pointing at raw .ts, which a host's Node and tsc cannot take.
    expect(check({ exports: { '.': './src/index.ts' } })).toEqual([
      '@latch/x: exports["."] must be an object whose first condition is @latch/source',
    ]);
    expect(
      check({
        exports: { '.': { '@latch/source': './src/index.ts', types: './src/index.ts', import: './dist/index.js' } },
      }),
    ).toEqual(['@latch/x: exports["."].types is ./src/index.ts, not ./dist/index.d.ts (built from ./src/index.ts)']);
    expect(
      check({
        exports: { '.': { types: './dist/index.d.ts', '@latch/source': './src/index.ts', import: './dist/index.js' } },
      }),
    ).toHaveLength(1);
    expect(check({ exports: {} })).toEqual(['@latch/x: exports must have "."']);
    expect(check({ files: ['src'] })).toEqual(['@latch/x: files must list dist']);
    expect(check({ sideEffects: undefined })).toHaveLength(1);
    expect(check({ license: 'ISC' })).toHaveLength(1);
    expect(check({ repository: { url: 'git+https://example.test/latch.git', directory: 'packages/y' } })).toHaveLength(
      1,
    );
    expect(check({ engines: {} })).toHaveLength(1);
    expect(check({ type: 'commonjs' })).toHaveLength(1);
    expect(check({ scripts: {} })).toHaveLength(1);
  });
});
