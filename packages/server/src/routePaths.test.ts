import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every route's path is a constant of @latch/protocol's paths/<area>.ts (SPEC §7: one hop from the
// call's name to its path, and from the path to its route), never a string written in the server.
const SRC = import.meta.dirname;
/** A protocol path constant: `PASSKEY_API.link`, `SECURITY_EVENTS_PATH`, `ADMIN_API.user.pattern`, `FRAME_PATH.wallet.pattern`. */
const CONSTANT = /^[A-Z][A-Z0-9_]*(\.[a-z]\w*)*$/;

// The example module (docs/architecture.md "Adding a module") stands for a module built outside this repo,
// which has no protocol file here: it declares its one path itself.
const EXAMPLE_MODULE = 'greetingModule';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name === EXAMPLE_MODULE ? [] : sourceFiles(full);
    return name.endsWith('.ts') && !/\.test\.ts$|\.d\.ts$/.test(name) ? [full] : [];
  });
}

/** The server's source without comments, by file. */
const sources = sourceFiles(SRC).map((file) => ({
  file: relative(SRC, file),
  code: readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, ''),
}));

describe('route paths come from @latch/protocol', () => {
  it('gives every route object a protocol constant as its path', () => {
    const paths = sources.flatMap(({ file, code }) =>
      [...code.matchAll(/method:\s*'\w+',\s*path(?::\s*([^,\n]+))?,/g)].map((m) => ({ file, path: m[1] ?? 'path' })),
    );
    expect(paths.length).toBeGreaterThan(40);
    // `path` alone: a route helper (pageRoute) passing on its parameter, checked at its calls below.
    expect(paths.filter(({ path }) => path !== 'path' && !CONSTANT.test(path))).toEqual([]);
  });

  it('gives every route helper call a protocol constant as its path', () => {
    const calls = sources.flatMap(({ file, code }) =>
      [...code.matchAll(/(?<!function )\b(?:custodyRoute|pageRoute)\(\s*(?:'\w+',\s*)?([^,)]+)/g)].map((m) => ({
        file,
        path: m[1] ?? '',
      })),
    );
    expect(calls.length).toBeGreaterThan(15);
    expect(calls.filter(({ path }) => !CONSTANT.test(path.trim()))).toEqual([]);
  });

  it('writes no endpoint path as a string', () => {
    const literal = /(['"`])\/(api\/|apps\/|dev\/|\.well-known\/|js\/|healthz|metrics)[^'"`]*\1/g;
    const found = sources.flatMap(({ file, code }) => [...code.matchAll(literal)].map((m) => `${file}: ${m[0]}`));
    expect(found).toEqual([]);
  });
});
