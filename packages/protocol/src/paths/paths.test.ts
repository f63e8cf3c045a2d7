import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paramPath } from './paramPath.js';

const HERE = import.meta.dirname;
const PACKAGES = join(HERE, '../../..');
const AREA_FILES = readdirSync(HERE).filter(
  (f) => f.endsWith('.ts') && !/\.test\.ts$|^index\.ts$|^paramPath\.ts$/.test(f),
);

/** A path constant's path: the string, or a parameterised path's `.pattern`; null for anything else. */
const pathOf = (value: unknown) => {
  const path = typeof value === 'function' ? (value as { pattern?: unknown }).pattern : value;
  return typeof path === 'string' && path.startsWith('/') ? path : null;
};

/** Every path an area file defines (in an object of paths or on its own), with where it is defined. */
async function allPaths(): Promise<{ path: string; name: string }[]> {
  const found: { path: string; name: string }[] = [];
  for (const file of AREA_FILES) {
    const module = (await import(`./${file}`)) as Record<string, unknown>;
    for (const [exported, value] of Object.entries(module)) {
      const entries =
        pathOf(value) || typeof value !== 'object' || value === null || Array.isArray(value) ? { '': value } : value;
      for (const [key, entry] of Object.entries(entries)) {
        const path = pathOf(entry);
        if (path) found.push({ path, name: `${file} ${exported}${key ? `.${key}` : ''}` });
      }
    }
  }
  return found;
}

/** The non-test TypeScript files under `dir`, recursively. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    // The server's example module (server/src/test/greetingModule) stands for a module built outside this
    // repo, which has no protocol file here: it declares its one path itself.
    if (statSync(full).isDirectory())
      return name === 'node_modules' || name === 'dist' || name === 'greetingModule' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$|\.d\.ts$/.test(name) ? [full] : [];
  });
}

describe('endpoint paths: each defined once, in its area file', () => {
  it('builds a parameterised path from its values and keeps the pattern for the route', () => {
    const path = paramPath('/api/v1/dev/apps/:appId/login_credentials/:method');
    expect(path('app 1', 'google')).toBe('/api/v1/dev/apps/app%201/login_credentials/google');
    expect(path.pattern).toBe('/api/v1/dev/apps/:appId/login_credentials/:method');
    expect(paramPath('/apps/:appId/x/:file{[a-z]+\\.js}')('a', 'frame.js')).toBe('/apps/a/x/frame.js');
  });

  it('has no two constants with the same path', async () => {
    const paths = await allPaths();
    expect(paths.length).toBeGreaterThan(80);
    const seen = new Map<string, string>();
    const duplicates = paths.flatMap(({ path, name }) => {
      const first = seen.get(path);
      seen.set(path, first ?? name);
      return first ? [`${path}: ${first} and ${name}`] : [];
    });
    expect(duplicates).toEqual([]);
  });

  it('leaves no path written out as a string in the packages’ source outside protocol/src/paths', async () => {
    const known = new Set((await allPaths()).map(({ path }) => path));
    const literal = /(['"`])(\/[A-Za-z0-9_.:/{}\\+-]*)\1/g;
    const found: string[] = [];
    for (const file of readdirSync(PACKAGES).flatMap((p) => sourceFiles(join(PACKAGES, p, 'src')))) {
      if (file.startsWith(HERE)) continue;
      const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
      for (const [, , text = ''] of code.matchAll(literal))
        if (known.has(text) || text.startsWith('/api/v1/')) found.push(`${relative(PACKAGES, file)}: ${text}`);
    }
    expect(found).toEqual([]);
  });
});
