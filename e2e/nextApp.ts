// The Next.js app of freshAppNext.spec.ts: an app as `create-next-app --yes` makes it (App Router, TypeScript, its
// defaults: Tailwind, ESLint, cacheComponents), the documented install lines, the provider in the server layout
// with no 'use client' file of the host's for Latch, `next build` and `next start`.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort, installDocumented, npmEnv, sh } from './freshApp.js';
import { documentedFile } from './freshAppDocs.js';
import type { FreshApps } from './freshAppFixture.js';
import { expectIdentityVerified, freshTestApp, loginReloadAndSign } from './freshAppFlow.js';
import { ACCOUNT_TSX, VERIFY_IDENTITY, withAppIds } from './freshAppSources.js';
import { stack, type TestApp } from './support.js';

// The major the e2e holds to; the docs say @latest.
const CREATE_NEXT_APP = 'create-next-app@16';

/** The documented layout, its provider filled in, with the documented wagmi providers inside it (as the docs say). */
function layoutTsx(app: TestApp, apiUrl: string): string {
  const layout = withAppIds(documentedFile('app/layout.tsx'), app, apiUrl);
  expect(layout).not.toMatch(/^\s*['"]use client['"]/m);
  const withProviders = layout
    .replace("import './globals.css';", "import { Providers } from './providers';\nimport './globals.css';")
    .replace(/^(\s*)\{children\}$/m, '$1<Providers>{children}</Providers>');
  expect(withProviders).toMatch(/^\s*<Providers>\{children\}<\/Providers>$/m);
  return withProviders;
}

// The page stays a server component too; only the component calling hooks is a client one.
const PAGE_TSX = `import { Account } from './Account'

export default function Home() {
  return (
    <main>
      <Account />
    </main>
  )
}
`;

/** Waits until `origin` answers 200. */
async function answering(origin: string, server: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`next start exited with ${server.exitCode}`);
    const status = await fetch(origin).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`${origin} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Signals `child`'s process group; a group already gone (ESRCH) has nothing left to stop. */
function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** Stops `child` and its process group, and resolves once it has exited. */
async function stopGroup(child: ChildProcess | undefined): Promise<void> {
  const pid = child?.pid;
  if (!child || !pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  signalGroup(pid, 'SIGTERM');
  const killer = setTimeout(() => signalGroup(pid, 'SIGKILL'), 5000);
  await exited;
  clearTimeout(killer);
}

/** The Next.js app's hooks and tests, inside a describe of freshAppNext.spec.ts. */
export function nextAppTests(fresh: () => FreshApps): void {
  let appDir: string;
  let app: TestApp;
  let origin: string;
  let server: ChildProcess | undefined;

  beforeAll(async () => {
    const { work, timed } = fresh();
    appDir = join(work, 'next-app');
    await timed('next: create-next-app', () =>
      sh(
        'npx',
        ['--yes', '--prefer-offline', CREATE_NEXT_APP, 'next-app', '--yes', '--disable-git', '--skip-install'],
        work,
      ),
    );
    // The template's own files: an App Router app in TypeScript, with its server layout.
    expect(readFileSync(join(appDir, 'app', 'layout.tsx'), 'utf8')).toContain('export default function RootLayout');
    const port = await freePort();
    origin = `http://localhost:${port}`;
    app = await freshTestApp('Fresh Next App', origin);
    writeFileSync(join(appDir, 'app', 'layout.tsx'), layoutTsx(app, stack().apiUrl));
    writeFileSync(join(appDir, 'app', 'providers.tsx'), documentedFile('providers.tsx'));
    writeFileSync(join(appDir, 'app', 'Account.tsx'), ACCOUNT_TSX);
    writeFileSync(join(appDir, 'app', 'page.tsx'), PAGE_TSX);
    writeFileSync(join(appDir, 'verify-identity.mjs'), VERIFY_IDENTITY);
    // create-next-app's install was skipped: the documented line installs the template's dependencies with it (one
    // install, not two: installing them first, while the pack was made, cost more than it saved on a busy machine).
    const registry = await fresh().registry();
    await timed('next: npm install (wagmi line)', () => installDocumented(appDir, 'wagmi', registry));
    await timed('next: npm install (backend line)', () => installDocumented(appDir, 'A backend', registry));
    // No telemetry: the build would report to Vercel (a request and a notice) from every run.
    const buildEnv = { ...npmEnv(), NEXT_TELEMETRY_DISABLED: '1' };
    await timed('next: next build', () => sh('npm', ['run', 'build'], appDir, buildEnv));
    server = spawn(
      process.execPath,
      [join(appDir, 'node_modules', 'next', 'dist', 'bin', 'next'), 'start', '-p', `${port}`],
      {
        cwd: appDir,
        stdio: ['ignore', 'ignore', 'inherit'],
        // Its own process group, so afterAll stops Next's workers too before the work directory is removed.
        detached: true,
      },
    );
    await timed('next: next start', () => answering(origin, server as ChildProcess));
  }, 900_000);

  afterAll(async () => {
    // Waited for: a Next still writing its cache made the fixture's removal of the work directory fail (ENOTEMPTY).
    if (server) await fresh().timed('next: stop next start', () => stopGroup(server));
  }, 60_000);

  it("installs @latch/react with 'use client' at the top of each of its entries, which Next.js needs in a server layout", () => {
    const dir = join(appDir, 'node_modules', '@latch', 'react');
    const { exports } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      exports: Record<string, { import?: string }>;
    };
    const entries = Object.values(exports).flatMap((entry) => (entry.import ? [entry.import] : []));
    expect(entries).toContain('./dist/index.js');
    for (const entry of entries) expect(readFileSync(join(dir, entry), 'utf8'), entry).toMatch(/^['"]use client['"];/);
    // Only the entries: the modules they import stay ordinary modules of the client graph.
    expect(readFileSync(join(dir, 'dist', 'LatchProvider.js'), 'utf8')).not.toMatch(/use client/);
  });

  it('logs in, signs through wagmi after a reload with no connect call, and the backend verifies the identity token', async () => {
    const run = await fresh().timed('next: browser run', () =>
      loginReloadAndSign(fresh().browser, origin, 'fresh-next-app'),
    );
    await expectIdentityVerified(appDir, app, run);
    await run.page.close();
  });
}
