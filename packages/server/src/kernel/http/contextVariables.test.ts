import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Hono's `c.var` is a getter that builds a new object from all the request's variables on every read
// (Object.fromEntries); the server reads them with `c.get(name)`, a map lookup. On a refresh the reads
// through `c.var` were about 1.4 % of the server's CPU (issue #33).
const SRC = join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') && !/\.test\.ts$|\.d\.ts$/.test(name) ? [full] : [];
  });
}

describe('request variables', () => {
  it('are read with c.get(name), never through the c.var getter', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(100);
    const reads = files.flatMap((file) => {
      const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
      return [...code.matchAll(/\bc\.var\b/g)].map(() => relative(SRC, file));
    });
    expect(reads).toEqual([]);
  });
});
