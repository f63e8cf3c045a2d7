import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDependencies, reachInViolation, violation } from './check-deps.mjs';
import {
  checkFileLengths,
  checkReactFolders,
  checkServerLayers,
  MAX_LINES,
  reactViolation,
  serverViolation,
} from './folderLayers.mjs';
import { cyclesOf, importsOf } from './importGraph.mjs';

/** A tree with the given files (path -> text) under a fresh temporary root. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'deps-tree-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('dependency direction check', () => {
  it('finds static, re-export, side-effect and dynamic imports', () => {
    const source = `import a from 'x';\nexport { b } from "@latch/core";\nimport 'side';\nconst c = await import('lazy');`;
    expect(importsOf(source)).toEqual(['x', '@latch/core', 'side', 'lazy']);
  });

  it('refuses imports against the arrows of DESIGN §1', () => {
    expect(violation('packages/core', 'react')).toMatch(/must not import react/);
    expect(violation('packages/protocol', '@latch/core')).toMatch(/must not import @latch\/core/);
    expect(violation('packages/server', '@latch/react')).toMatch(/must not import/);
    expect(violation('packages/protocol', 'zod')).toMatch(/may only depend on valibot/);
    expect(violation('packages/react', '@latch/core')).toBeNull();
    expect(violation('packages/protocol', 'valibot/dist')).toBeNull();
  });

  it('lets the server import the dev identity providers from testing/ files only (tests are not checked)', () => {
    expect(violation('packages/server', '@latch/dev-idp', 'testing/oauthFixture.ts')).toBeNull();
    expect(violation('packages/server', '@latch/dev-idp', 'test/harness.ts')).toBeNull();
    expect(violation('packages/server', '@latch/dev-idp', 'auth/oauth/oauthRoutes.ts')).toMatch(
      /only from tests and test\/ or testing\/ files/,
    );
    expect(violation('apps/dev-idp', '@latch/protocol')).toBeNull();
    expect(violation('apps/dev-idp', '@latch/server')).toMatch(/must not import/);
    expect(violation('packages/core', '@latch/dev-idp')).toMatch(/must not import/);
  });

  it('lets core, react, wallet-frame and node import the real server from tests and testing/ files only', () => {
    for (const workspace of ['packages/core', 'packages/react', 'packages/wallet-frame', 'packages/node'])
      expect(violation(workspace, '@latch/server/testing', 'testing/frameTestServer.ts')).toBeNull();
    expect(violation('packages/core', '@latch/server', 'client.ts')).toMatch(/only from tests and test\/ or testing\//);
    expect(violation('packages/node', '@latch/server/testing', 'latchNode.ts')).toMatch(/only from tests/);
    expect(violation('packages/core', '@latch/wallet-frame/testing', 'mfa/mfa.ts')).toMatch(/only from tests/);
    expect(violation('packages/protocol', '@latch/server', 'testing/x.ts')).toMatch(/must not import/);

    const root = mkdtempSync(join(tmpdir(), 'deps-server-'));
    mkdirSync(join(root, 'packages/core/src/testing'), { recursive: true });
    writeFileSync(
      join(root, 'packages/core/src/testing/server.ts'),
      "import { backends } from '@latch/server/testing';\n",
    );
    writeFileSync(
      join(root, 'packages/core/src/a.integration.test.ts'),
      "import { FakeClock } from '@latch/server';\n",
    );
    expect(checkDependencies(root)).toEqual([]);
    writeFileSync(join(root, 'packages/core/src/client.ts'), "import { FakeClock } from '@latch/server';\n");
    expect(checkDependencies(root)).toEqual([
      'packages/core/src/client.ts: packages/core imports @latch/server only from tests and test/ or testing/ files',
    ]);
  });

  it('refuses a relative import into another package, from tests too; scripts/ stays open', () => {
    expect(reachInViolation('packages/node', 'packages/node/src/a.ts', 'packages/server/src/test/harness.js')).toMatch(
      /reaches into packages\/server by relative path/,
    );
    expect(reachInViolation('packages/core', 'packages/core/src/a.ts', 'packages/wallet-frame/src/router.js')).toMatch(
      /reaches into packages\/wallet-frame/,
    );
    expect(reachInViolation('packages/core', 'packages/core/src/a.ts', 'packages/core/src/b.js')).toBeNull();
    expect(reachInViolation('packages/core', 'packages/core/src/a.ts', 'scripts/localChain.mjs')).toBeNull();
    // A package whose name starts like another's is not inside it.
    expect(reachInViolation('packages/core', 'packages/core/src/a.ts', 'packages/core-extra/src/b.js')).toBeNull();
    // e2e and bench test from outside: the server's source is closed to them (@latch/server/testing), not the rest.
    expect(reachInViolation('e2e', 'e2e/a.ts', 'packages/server/src/kernel/store/closePglite.js')).toMatch(
      /reaches into packages\/server/,
    );
    expect(reachInViolation('bench', 'bench/a.ts', 'packages/server/src/cli.ts')).toMatch(/reaches into/);
    expect(reachInViolation('e2e', 'e2e/a.ts', 'apps/demo/src/demoTypedData.js')).toBeNull();

    const root = mkdtempSync(join(tmpdir(), 'deps-reach-'));
    mkdirSync(join(root, 'packages/node/src'), { recursive: true });
    mkdirSync(join(root, 'e2e'), { recursive: true });
    writeFileSync(join(root, 'packages/node/src/ok.test.ts'), "import { x } from '../../../scripts/freePort.mjs';\n");
    writeFileSync(join(root, 'e2e/ok.ts'), "import { x } from '../scripts/stack.mjs';\n");
    expect(checkDependencies(root)).toEqual([]);
    writeFileSync(
      join(root, 'packages/node/src/a.integration.test.ts'),
      "import { forEachBackend } from '../../server/src/test/harness.js';\n",
    );
    writeFileSync(
      join(root, 'e2e/scan.ts'),
      "import { closePglite } from '../packages/server/src/kernel/store/closePglite.js';\n",
    );
    expect(checkDependencies(root)).toEqual([
      'packages/node/src/a.integration.test.ts reaches into packages/server by relative path (packages/server/src/test/harness.js): import the package, or its testing entry',
      'e2e/scan.ts reaches into packages/server by relative path (packages/server/src/kernel/store/closePglite.js): import the package, or its testing entry',
    ]);
  });

  it('reports the offending file of a tree', () => {
    const root = mkdtempSync(join(tmpdir(), 'deps-'));
    mkdirSync(join(root, 'packages/core/src'), { recursive: true });
    writeFileSync(join(root, 'packages/core/src/bad.ts'), "import { useState } from 'react';\n");
    writeFileSync(join(root, 'packages/core/src/bad.test.ts'), "import { render } from 'react-dom';\n");
    expect(checkDependencies(root)).toEqual(['packages/core/src/bad.ts: packages/core must not import react']);
  });

  it('keeps the folders of packages/react layered: nothing imports upward', () => {
    expect(reactViolation('screens/auth/LandingScreen.tsx', 'components/Button.tsx')).toBeNull();
    expect(reactViolation('screens/auth/ErrorScreen.tsx', 'screens/ScreenProps.ts')).toBeNull();
    expect(reactViolation('dialogs/LoginDialog.tsx', 'screens/ScreenView.tsx')).toBeNull();
    expect(reactViolation('LatchProvider.tsx', 'dialogs/LoginDialog.tsx')).toBeNull();
    expect(reactViolation('screens/auth/LandingScreen.tsx', 'dialogs/LoginDialog.tsx')).toMatch(
      /screens must not import dialogs/,
    );
    expect(reactViolation('components/Button.tsx', 'screens/auth/ErrorScreen.tsx')).toMatch(
      /components must not import screens/,
    );
    expect(reactViolation('hooks/useLatch.ts', 'components/Button.tsx')).toMatch(/bindings must not import components/);
    expect(reactViolation('embeddedWallet/WalletFlowContext.ts', 'screens/ScreenView.tsx')).toMatch(
      /bindings must not import screens/,
    );
    expect(reactViolation('hooks/useLatch.ts', 'LatchContext.ts')).toBeNull();
    // A root file other than the context is the entry: the bindings must not import it.
    expect(reactViolation('hooks/useLatch.ts', 'LatchProvider.tsx')).toMatch(/bindings must not import entry/);
    // Folders that no longer exist are no layer: a file put there again is refused, not taken for a binding.
    expect(reactViolation('wallet/X.ts', 'LatchContext.ts')).toMatch(/wallet\/ is no folder/);
    expect(reactViolation('strings/en.ts', 'LatchContext.ts')).toMatch(/strings must not import bindings/);
    expect(reactViolation('modal/X.tsx', 'components/Button.tsx')).toMatch(/modal\/ is no folder/);
  });

  it('finds import cycles', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c', 'a']]);
    expect(
      cyclesOf(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('reports an upward import and a cycle inside packages/react, and passes a layered tree', () => {
    const root = mkdtempSync(join(tmpdir(), 'deps-react-'));
    const src = join(root, 'packages/react/src');
    for (const folder of ['components', 'screens/auth', 'dialogs']) mkdirSync(join(src, folder), { recursive: true });
    writeFileSync(join(src, 'index.ts'), "export { LoginDialog } from './dialogs/LoginDialog.js';\n");
    writeFileSync(join(src, 'dialogs/LoginDialog.tsx'), "import { Landing } from '../screens/auth/Landing.js';\n");
    writeFileSync(join(src, 'screens/auth/Landing.tsx'), "import { Button } from '../../components/Button.js';\n");
    writeFileSync(join(src, 'components/Button.tsx'), 'export const Button = 1;\n');
    expect(checkReactFolders(root)).toEqual([]);

    writeFileSync(join(src, 'components/Button.tsx'), "import { Landing } from '../screens/auth/Landing.js';\n");
    expect(checkReactFolders(root)).toEqual([
      'packages/react/src/components/Button.tsx: components must not import screens (components/Button.tsx imports screens/auth/Landing.tsx)',
      'packages/react/src: import cycle components/Button.tsx -> screens/auth/Landing.tsx -> components/Button.tsx',
    ]);
    // The whole check reports them too (and `npm run lint` fails).
    expect(checkDependencies(root)).toHaveLength(2);
  });

  it('keeps the layers of packages/server: kernel < identity < modules < entry', () => {
    expect(serverViolation('identity/users/users.ts', 'kernel/clock.ts')).toBeNull();
    expect(serverViolation('modules/mfa/mfaRoutes.ts', 'identity/users/users.ts')).toBeNull();
    expect(serverViolation('modules/mfa/mfaRoutes.ts', 'modules/passwordless/OneTimeCodes.ts')).toBeNull();
    expect(serverViolation('index.ts', 'modules/index.ts')).toBeNull();
    expect(serverViolation('admin/commands.ts', 'modules/webhooks/index.ts')).toBeNull();
    expect(serverViolation('kernel/crypto/rotate.ts', 'identity/keys/signingKeys.ts')).toMatch(
      /kernel must not import identity/,
    );
    expect(serverViolation('identity/users/users.ts', 'modules/webhooks/enqueueWebhookEvent.ts')).toMatch(
      /identity must not import modules/,
    );
    expect(serverViolation('modules/dev/devRoutes.ts', 'admin/commands.ts')).toMatch(/modules must not import entry/);
    expect(serverViolation('modules/dev/devRoutes.ts', 'cli.ts')).toMatch(/modules must not import entry/);
    // Tests and their helpers may reach anywhere; source never reaches them.
    expect(serverViolation('kernel/app.test.ts', 'modules/index.ts')).toBeNull();
    expect(serverViolation('kernel/kv/testing/kvFixture.ts', 'index.ts')).toBeNull();
    expect(serverViolation('modules/mfa/mfaRoutes.ts', 'test/harness.ts')).toMatch(/must not import tests/);
    expect(serverViolation('kernel/app.ts', 'kernel/kv/testing/kvFixture.ts')).toMatch(/must not import tests/);
  });

  it('reports an upward import, a type-only cycle and a module cycle in packages/server, and passes a layered tree', () => {
    const src = 'packages/server/src';
    const files = {
      [`${src}/index.ts`]: "import { mfa } from './modules/mfa/index.js';\n",
      [`${src}/kernel/context.ts`]: 'export interface Parts {}\n',
      [`${src}/identity/users.ts`]: "import type { Parts } from '../kernel/context.js';\n",
      [`${src}/modules/mfa/index.ts`]: "import { wallets } from '../wallets/index.js';\n",
      [`${src}/modules/wallets/index.ts`]: "import type { Parts } from '../../kernel/context.js';\n",
      [`${src}/modules/wallets/wallets.test.ts`]: "import { x } from '../../index.js';\n",
    };
    expect(checkServerLayers(tree(files))).toEqual([]);

    const upward = tree({ ...files, [`${src}/kernel/context.ts`]: "import { users } from '../identity/users.js';\n" });
    expect(checkServerLayers(upward)).toEqual([
      `${src}/kernel/context.ts: kernel must not import identity (kernel/context.ts imports identity/users.ts)`,
      `${src}: import cycle identity/users.ts -> kernel/context.ts -> identity/users.ts`,
    ]);

    const typeCycle = tree({
      ...files,
      [`${src}/kernel/context.ts`]: "export type { Metrics } from './metrics.js';\n",
      [`${src}/kernel/metrics.ts`]: "import type { Parts } from './context.js';\n",
    });
    expect(checkServerLayers(typeCycle)).toEqual([
      `${src}: import cycle kernel/context.ts -> kernel/metrics.ts -> kernel/context.ts`,
    ]);

    const moduleCycle = tree({
      ...files,
      [`${src}/modules/wallets/walletRoutes.ts`]: "import { mfa } from '../mfa/index.js';\n",
    });
    expect(checkServerLayers(moduleCycle)).toEqual([`${src}/modules: module cycle mfa -> wallets -> mfa`]);
    // The whole check reports them too (and `npm run lint` fails).
    expect(checkDependencies(moduleCycle)).toHaveLength(1);
  });

  it(`refuses a package source file over ${MAX_LINES} lines, tests left out`, () => {
    const lines = (n: number) => 'export const x = 1;\n'.repeat(n);
    const root = tree({
      'packages/core/src/long.ts': lines(MAX_LINES + 1),
      'packages/core/src/full.ts': lines(MAX_LINES),
      'packages/core/src/long.test.ts': lines(MAX_LINES + 50),
    });
    expect(checkFileLengths(root)).toEqual([
      `packages/core/src/long.ts: ${MAX_LINES + 1} lines (at most ${MAX_LINES})`,
    ]);
    expect(checkDependencies(root)).toHaveLength(1);
  });
});
