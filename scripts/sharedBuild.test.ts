import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { currentSharedBuild, recordSharedBuild, SHARED_BUILD_PACKAGES, sourceKey } from './sharedBuild.mjs';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A tree laid out as the monorepo (each built package with a source and a dist file, the root inputs) and a tarball. */
function builtTree(): { root: string; tarballs: Record<string, string> } {
  const root = mkdtempSync(join(tmpdir(), 'latch-shared-build-'));
  roots.push(root);
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  for (const name of [...SHARED_BUILD_PACKAGES, 'wallet-frame']) {
    write(`packages/${name}/package.json`, `{"name":"@latch/${name}"}`);
    write(`packages/${name}/src/index.ts`, `export const name = '${name}';`);
    write(`packages/${name}/node_modules/dep/index.js`, 'installed');
    if (name !== 'wallet-frame') write(`packages/${name}/dist/index.js`, `export const name = '${name}';`);
  }
  for (const file of ['package.json', 'package-lock.json', 'tsconfig.json', 'scripts/tsdown.base.mjs'])
    write(file, file);
  write('artifacts/shared-build/latch-core-0.1.0.tgz', 'tarball');
  return { root, tarballs: { '@latch/core': join(root, 'artifacts/shared-build/latch-core-0.1.0.tgz') } };
}

describe('the shared build (scripts/sharedBuild.mjs)', () => {
  it('is read while the tree is the one it was built from, and not once a source, an input or its output changes', () => {
    const cases: Array<[string, (root: string) => void]> = [
      ['a source edited', (root) => appendFileSync(join(root, 'packages/react/src/index.ts'), '// edit')],
      ['a source added', (root) => writeFileSync(join(root, 'packages/core/src/new.ts'), 'export {};')],
      ['the wallet frame edited', (root) => appendFileSync(join(root, 'packages/wallet-frame/src/index.ts'), ' ')],
      ['the lock file changed', (root) => appendFileSync(join(root, 'package-lock.json'), ' ')],
      ['the tsdown base changed', (root) => appendFileSync(join(root, 'scripts/tsdown.base.mjs'), ' ')],
      ['a dist file changed', (root) => appendFileSync(join(root, 'packages/server/dist/index.js'), ' ')],
      ['a dist file removed', (root) => rmSync(join(root, 'packages/node/dist/index.js'))],
      ['a tarball changed', (root) => appendFileSync(join(root, 'artifacts/shared-build/latch-core-0.1.0.tgz'), ' ')],
    ];
    for (const [what, change] of cases) {
      const { root, tarballs } = builtTree();
      recordSharedBuild(root, sourceKey(root), tarballs);
      expect(currentSharedBuild(root), what).toEqual(tarballs);
      change(root);
      expect(currentSharedBuild(root), what).toBeUndefined();
    }
  });

  it('is not read when none was recorded, or when it was recorded for other sources', () => {
    const { root, tarballs } = builtTree();
    expect(currentSharedBuild(root)).toBeUndefined();
    recordSharedBuild(root, 'the key of another tree', tarballs);
    expect(currentSharedBuild(root)).toBeUndefined();
  });

  it('keys the sources without what installs and builds write (node_modules, dist)', () => {
    const { root } = builtTree();
    const key = sourceKey(root);
    appendFileSync(join(root, 'packages/react/node_modules/dep/index.js'), ' ');
    appendFileSync(join(root, 'packages/react/dist/index.js'), ' ');
    expect(sourceKey(root)).toBe(key);
  });
});
