import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('.', import.meta.url));

/** The server's own source files: tests, test harnesses and testing helpers left out. */
function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' || entry.name === 'test' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [relative(SRC, path)] : [];
  });
}

/** The files whose text matches `pattern`. */
const filesMatching = (pattern: RegExp) =>
  sourceFiles().filter((file) => pattern.test(readFileSync(join(SRC, file), 'utf8')));

describe('server source rules', () => {
  it('finds the source files it checks', () => {
    expect(sourceFiles()).toContain('identity/http/resolveApp.ts');
    expect(sourceFiles()).toContain('kernel/config/config.ts');
  });

  it('reads the app id of a request in one place: the resolveApp middleware', () => {
    // The header, a path parameter named appId, or the bearer token's audience.
    expect(filesMatching(/header\(\s*HEADER\.appId|['"]latch-app-id['"]/)).toEqual(['identity/http/resolveApp.ts']);
    expect(filesMatching(/param\(\s*['"]appId['"]/)).toEqual([]);
    expect(filesMatching(/unverifiedAudience\(/)).toEqual([
      'identity/http/resolveApp.ts',
      'identity/tokens/accessToken.ts',
    ]);
  });

  it('checks the shape of an app id with isAppId only', () => {
    expect(filesMatching(/appIdLength/)).toEqual(['kernel/ids.ts']);
  });

  it('reads the environment in config.ts only', () => {
    expect(filesMatching(/process\.env/)).toEqual(['kernel/config/config.ts']);
  });

  it('builds services at startup, not lazily per server', () => {
    expect(filesMatching(/new WeakMap<ServerContext/)).toEqual([]);
  });
});
