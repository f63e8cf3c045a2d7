// The Vite app of freshAppVite.spec.ts: the official Vite React + TypeScript template (its tsconfig untouched:
// erasableSyntaxOnly, verbatimModuleSyntax, noUnusedLocals), the documented install lines, its own `tsc -b &&
// vite build`, served as static files.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { copyTemplate, installDocumented, serveStatic, sh, undeclaredImports } from './freshApp.js';
import { documentedFile } from './freshAppDocs.js';
import type { FreshApps } from './freshAppFixture.js';
import { expectIdentityVerified, freshTestApp, loginReloadAndSign, type SignedRun } from './freshAppFlow.js';
import { ACCOUNT_TSX, IMPORT_ALL, TYPE_PROBE, VERIFY, VERIFY_IDENTITY, viteAppTsx } from './freshAppSources.js';
import { createApp, stack, type TestApp } from './support.js';
import { visible } from './widgetSteps.js';

/** The Vite app's state, for the webhook test of freshAppVite.spec.ts. */
export interface ViteApp {
  dir: string;
  app: TestApp;
  /** The user who logged in, once the login test ran. */
  run?: SignedRun;
}

/** The Vite app's hooks and tests, inside a describe of freshAppVite.spec.ts; returns its state. */
export function viteAppTests(fresh: () => FreshApps, prepare: (vite: ViteApp) => Promise<void>): ViteApp {
  const vite = { dir: '', app: { appId: '', clientId: '' } } as ViteApp;
  let served: Awaited<ReturnType<typeof serveStatic>>;

  beforeAll(async () => {
    const { work, timed } = fresh();
    vite.dir = join(work, 'vite-app');
    copyTemplate(vite.dir);
    served = await serveStatic(join(vite.dir, 'dist'));
    vite.app = await freshTestApp('Fresh Vite App', served.origin);
    writeFileSync(join(vite.dir, 'src', 'App.tsx'), viteAppTsx(vite.app, stack().apiUrl));
    writeFileSync(join(vite.dir, 'src', 'providers.tsx'), documentedFile('providers.tsx'));
    writeFileSync(join(vite.dir, 'src', 'Account.tsx'), ACCOUNT_TSX);
    writeFileSync(join(vite.dir, 'src', 'typeProbe.ts'), TYPE_PROBE);
    writeFileSync(join(vite.dir, 'importAll.mjs'), IMPORT_ALL);
    writeFileSync(join(vite.dir, 'verify.mjs'), VERIFY);
    writeFileSync(join(vite.dir, 'verify-identity.mjs'), VERIFY_IDENTITY);
    // The documented line installs the template's own dependencies with it: one install, not two (installing them
    // first, while the pack was made, cost more than it saved on a busy machine: the second install redoes the tree).
    const registry = await fresh().registry();
    await timed('vite: npm install (wagmi line)', () => installDocumented(vite.dir, 'wagmi', registry));
    await timed('vite: npm install (backend line)', () => installDocumented(vite.dir, 'A backend', registry));
    await timed('vite: npm run build', () => sh('npm', ['run', 'build'], vite.dir));
    await prepare(vite);
  }, 600_000);

  afterAll(async () => {
    await served?.close();
  });

  it('installs packages that declare every module they import, and imports each entry in plain Node', async () => {
    for (const name of ['protocol', 'core', 'react', 'node'])
      expect(undeclaredImports(join(vite.dir, 'node_modules', '@latch', name))).toEqual([]);
    const { stdout } = await sh(process.execPath, ['importAll.mjs'], vite.dir);
    const imported = JSON.parse(stdout) as string[];
    expect(imported).toEqual(expect.arrayContaining(['@latch/protocol', '@latch/core', '@latch/react', '@latch/node']));
    expect(imported).toEqual(
      expect.arrayContaining(['@latch/core/passkeys', '@latch/protocol/schemas', '@latch/react/wagmi']),
    );
  });

  it("keeps the widget's lazy parts in their own chunks of the host's build, and its styles inside the JS", () => {
    const assets = join(vite.dir, 'dist', 'assets');
    const files = readdirSync(assets);
    const html = readFileSync(join(vite.dir, 'dist', 'index.html'), 'utf8');
    const entry = /src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
    if (!entry) throw new Error(`no entry script in index.html:\n${html}`);
    const entryJs = readFileSync(join(assets, entry), 'utf8');
    // Screens and flows that load on use: each is its own chunk, never statically imported by the entry.
    for (const lazy of ['socialScreens', 'MfaDialogsBody', 'passkeyFlow', 'walletFlowModule']) {
      const chunk = files.find((file) => file.startsWith(`${lazy}-`) && file.endsWith('.js'));
      expect(chunk, `a ${lazy} chunk among ${files.join(', ')}`).toBeDefined();
      expect(entryJs).not.toMatch(new RegExp(`(from|import)\\s*"\\./${chunk}"`));
    }
    // The widget's stylesheet is text in the JavaScript it adopts itself: the only CSS is the template's own.
    const js = files.filter((file) => file.endsWith('.js')).map((file) => readFileSync(join(assets, file), 'utf8'));
    expect(js.some((text) => text.includes('[data-latch-root]'))).toBe(true);
    const css = files.filter((file) => file.endsWith('.css')).map((file) => readFileSync(join(assets, file), 'utf8'));
    expect(css.some((text) => text.includes('data-latch-root'))).toBe(false);
  });

  it('logs in, signs through wagmi after a reload with no connect call, and the backend verifies both tokens', async () => {
    const run = await fresh().timed('vite: browser run', () =>
      loginReloadAndSign(fresh().browser, served.origin, 'fresh-vite-app'),
    );
    vite.run = run;
    await expectIdentityVerified(vite.dir, vite.app, run);
    // The access token, as docs/node-sdk.md shows; one for another app is refused.
    await run.page.getByRole('button', { name: 'Show token' }).click();
    await visible(run.page.getByTestId('token'));
    const token = (await run.page.getByTestId('token').textContent()) ?? '';
    const { stdout } = await sh(process.execPath, ['verify.mjs', vite.app.appId, stack().apiUrl, token], vite.dir);
    expect(JSON.parse(stdout)).toMatchObject({ userId: run.userId, appId: vite.app.appId });
    const other = await createApp({ name: 'Other App' });
    await expect(sh(process.execPath, ['verify.mjs', other.appId, stack().apiUrl, token], vite.dir)).rejects.toThrow(
      /missing_or_invalid_token/,
    );
    await run.page.close();
  });

  return vite;
}
