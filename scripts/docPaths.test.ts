import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingDocPaths, pathExists, pathsInMarkdown } from './docPaths.mjs';

const ROOT = join(import.meta.dirname, '..');

// Issue #26: the server's files moved and 13 paths in docs/ pointed at nothing; this keeps every one honest.
describe('the docs name only paths that exist', () => {
  it('README.md and docs/*.md: every backticked path, bare path in prose and relative link exists', () => {
    expect(missingDocPaths(ROOT)).toEqual([]);
  });
});

describe('pathsInMarkdown', () => {
  it('finds backticked paths, bare paths in prose and relative links, with their lines', () => {
    const text = [
      'The login is `identity/sessions/logInOrSignUpStatement.ts`, wired in (core/src/latch.ts).',
      'See [the server](server.md#start) and `packages/server/src/modules/` (`packages/core/src`) for the rest.',
    ].join('\n');
    expect(pathsInMarkdown(text)).toEqual([
      { path: 'identity/sessions/logInOrSignUpStatement.ts', line: 1, link: false },
      { path: 'core/src/latch.ts', line: 1, link: false },
      { path: 'packages/server/src/modules/', line: 2, link: false },
      { path: 'packages/core/src', line: 2, link: false },
      { path: 'server.md', line: 2, link: true },
    ]);
  });

  it('leaves out fenced code, URLs, code, placeholders, build output and what is named as not in the repository', () => {
    const text = [
      '```',
      'packages/gone/file.ts',
      '```',
      'Go to https://example.com/docs/page.md or [the site](https://example.com/a.md) or [below](#anchor).',
      '`ctx.apps.create()`, `src/<layer>/<area>/x.ts`, `a.ts:12`, `@latch/protocol/frame`, `/api/v1/sessions`.',
      'Built: `dist/frame/`, `packages/server/dist/cli.js`, `packages/wallet-frame/dist`; elsewhere: `SPEC.md`, `app/layout.tsx`.',
    ].join('\n');
    expect(pathsInMarkdown(text)).toEqual([]);
  });
});

describe('pathExists', () => {
  const paths = new Set([
    'docs/',
    'docs/server.md',
    'packages/',
    'packages/core/',
    'packages/core/src/',
    'packages/core/src/latch.ts',
  ]);
  const named = (path: string) => ({ path, line: 1, link: false });

  it('takes a path from a top-level folder as written', () => {
    expect(pathExists(paths, 'docs/a.md', named('packages/core/src/latch.ts'))).toBe(true);
    expect(pathExists(paths, 'docs/a.md', named('packages/core/latch.ts'))).toBe(false);
    expect(pathExists(paths, 'docs/a.md', named('packages/core/src/'))).toBe(true);
    expect(pathExists(paths, 'docs/a.md', named('packages/core/src'))).toBe(true);
    expect(pathExists(paths, 'docs/a.md', named('packages/core/lib'))).toBe(false);
  });

  it('takes a shorter path when it is the tail of an existing one, at a folder boundary', () => {
    expect(pathExists(paths, 'docs/a.md', named('core/src/latch.ts'))).toBe(true);
    expect(pathExists(paths, 'docs/a.md', named('latch.ts'))).toBe(true);
    expect(pathExists(paths, 'docs/a.md', named('re/src/latch.ts'))).toBe(false);
    expect(pathExists(paths, 'docs/a.md', named('auth/latch.ts'))).toBe(false);
  });

  it('resolves a link relative to its doc', () => {
    expect(pathExists(paths, 'docs/a.md', { path: 'server.md', line: 1, link: true })).toBe(true);
    expect(pathExists(paths, 'README.md', { path: 'docs/server.md', line: 1, link: true })).toBe(true);
    expect(pathExists(paths, 'README.md', { path: 'server.md', line: 1, link: true })).toBe(false);
    expect(pathExists(paths, 'docs/a.md', { path: '../packages/core/src', line: 1, link: true })).toBe(true);
  });
});
