import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runtimeImportsOf, wagmiImportsByEntry } from './wagmiImports.mjs';

const ROOT = join(import.meta.dirname, '..');

// Issue #25, item 5: a host's page went blank on "Could not resolve "@wagmi/core" imported by "@latch/core"".
// `npm install wagmi` nests @wagmi/core under wagmi, so only wagmi itself may be imported, and only from
// the wagmi entries; every other entry loads none of wagmi's packages.
describe('wagmi stays an optional peer', () => {
  it('@latch/core: no entry loads @wagmi/core at run time (the connector imports only its types)', () => {
    expect(wagmiImportsByEntry(join(ROOT, 'packages/core'))).toEqual([]);
  });

  it('@latch/react: only the ./wagmi entry loads wagmi and react-query, and never @wagmi/core', () => {
    const found = wagmiImportsByEntry(join(ROOT, 'packages/react'));
    expect(found.filter(({ entry }) => entry !== './wagmi')).toEqual([]);
    expect(found.map(({ specifier }) => specifier)).toContain('wagmi');
    expect(found.filter(({ specifier }) => specifier.startsWith('@wagmi/core'))).toEqual([]);
  });
});

describe('runtimeImportsOf', () => {
  it('lists static, re-exported, bare and dynamic imports, and leaves type-only ones out', () => {
    const source = [
      "import { createConfig } from 'wagmi';",
      "import type { Config } from '@wagmi/core';",
      "export type { Connector } from '@wagmi/core';",
      "import {\n  http,\n  custom,\n} from 'viem';",
      "export { connect } from 'wagmi/actions';",
      "import 'side-effect';",
      "const lazy = () => import('@tanstack/react-query');",
    ].join('\n');
    expect(runtimeImportsOf(source)).toEqual([
      'wagmi',
      'viem',
      'wagmi/actions',
      'side-effect',
      '@tanstack/react-query',
    ]);
  });
});
