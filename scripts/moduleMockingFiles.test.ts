import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODULE_MOCKING_FILES } from './moduleMockingFiles.mjs';

const ROOT = join(import.meta.dirname, '..');

/** The unit test files under `dir` (relative to the root): *.test.ts(x), not integration tests. */
const unitFilesUnder = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file) && !file.endsWith('.integration.test.ts'))
    .filter((file) => !file.includes('node_modules'))
    .map((file) => join(dir, file));

// The unit project shares one module graph across files: a module mock there would leak into later files.
describe('module-mocking unit files', () => {
  it('are exactly the unit files that call vi.mock, so each runs with its own module graph', () => {
    const dirs = [
      'scripts',
      ...['packages', 'apps'].flatMap((top) => readdirSync(join(ROOT, top)).map((name) => join(top, name, 'src'))),
    ];
    const mocking = dirs
      .flatMap(unitFilesUnder)
      .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(mocking.sort()).toEqual([...MODULE_MOCKING_FILES].sort());
  });
});
