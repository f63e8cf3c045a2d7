import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runCli } from '../scripts/stack.mjs';
import { copyTemplate, packPublished, ROOT, serveStatic, sh, undeclaredImports } from './freshApp.js';
import { createApp, launchBrowser, stack, type TestApp, uniqueEmail } from './support.js';
import { expectSuccessAndClose, newUserPage, submitEmailCode, visible } from './widgetSteps.js';

// Issue #15's "Done when": a new app developer's path, outside this repository. The packages are packed with
// `npm pack`, installed from the tarballs into the official Vite React + TypeScript template (its tsconfig
// untouched: erasableSyntaxOnly, verbatimModuleSyntax, noUnusedLocals), built with its own `tsc -b && vite
// build`, served, and a user logs in by email in Chromium against the real server; a plain Node script there
// verifies the access token with @latch/node. It fails when a package is broken: exports to .ts (Node and the
// template's tsc refuse them), a missing .d.ts (the type probe), an undeclared dependency, a lazy part made eager.

/** The host page: the provider, a Log in button, and the user's id and access token once logged in. */
const appTsx = (app: TestApp, apiUrl: string) => `import { useState } from 'react'
import { LatchProvider, useLatch } from '@latch/react'

function Account() {
  const { ready, authenticated, user, login, getAccessToken } = useLatch()
  const [token, setToken] = useState<string | null>(null)
  if (!authenticated) {
    return (
      <button type="button" disabled={!ready} onClick={() => login()}>
        Log in
      </button>
    )
  }
  return (
    <>
      <p data-testid="user-id">{user?.id}</p>
      <button type="button" onClick={() => void getAccessToken().then(setToken)}>
        Show token
      </button>
      {token && <pre data-testid="token">{token}</pre>}
    </>
  )
}

export default function App() {
  return (
    <LatchProvider appId="${app.appId}" clientId="${app.clientId}" apiUrl="${apiUrl}">
      <Account />
    </LatchProvider>
  )
}
`;

// Fails the template's tsc when @latch/react ships no types: the directive then has no error to expect.
const TYPE_PROBE = `import type { LatchProviderProps } from '@latch/react'

// @ts-expect-error appId is a string in @latch/react's declarations
export const probe: LatchProviderProps = { appId: 42, apiUrl: 'https://auth.example.com' }
`;

// Plain Node, no TypeScript tooling: every built entry of every installed @latch package imports.
const IMPORT_ALL = `import { readFileSync } from 'node:fs'
const imported = []
for (const name of ['protocol', 'core', 'react', 'node']) {
  const pkg = JSON.parse(readFileSync(\`node_modules/@latch/\${name}/package.json\`, 'utf8'))
  const optional = Object.keys(pkg.peerDependenciesMeta ?? {})
  for (const [entry, target] of Object.entries(pkg.exports)) {
    if (!target.import) continue
    const specifier = \`@latch/\${name}\${entry.slice(1)}\`
    try {
      await import(specifier)
      imported.push(specifier)
    } catch (error) {
      // An entry for an optional peer the app did not install (@latch/core/wagmi without @wagmi/core).
      if (error.code === 'ERR_MODULE_NOT_FOUND' && optional.some((peer) => error.message.includes(\`'\${peer}'\`))) continue
      throw error
    }
  }
}
console.log(JSON.stringify(imported))
`;

// The host backend: verifies the browser's access token with @latch/node, as docs/node-sdk.md shows.
const VERIFY = `import { createLatchNode } from '@latch/node'
const [appId, apiUrl, token] = process.argv.slice(2)
const latch = createLatchNode({ appId, apiUrl })
console.log(JSON.stringify(await latch.verifyAccessToken(token)))
`;

// The host backend's webhook receiver: plain node:http, each delivery checked with @latch/node's verifyWebhook
// (the secret read from a file, written once `apps webhooks add` printed it); prints one JSON line per request.
const BACKEND = `import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { verifyWebhook } from '@latch/node'
const secretFile = process.argv[2]
const server = createServer((request, response) => {
  let body = ''
  request.setEncoding('utf8')
  request.on('data', (chunk) => { body += chunk })
  request.on('end', () => {
    try {
      const event = verifyWebhook(body, request.headers, readFileSync(secretFile, 'utf8').trim())
      console.log(JSON.stringify({ verified: event }))
      response.writeHead(204).end()
    } catch (error) {
      console.log(JSON.stringify({ refused: error.code ?? String(error) }))
      response.writeHead(401).end()
    }
  })
})
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })))
`;

/** One line the backend printed. */
type BackendLine = { port?: number; verified?: { type: string; data: { user: { id: string } } }; refused?: string };

/** Starts backend.mjs in the app; resolves with the child, its port and the lines it prints. */
async function startBackend(appDir: string, secretFile: string) {
  const child = spawn(process.execPath, ['backend.mjs', secretFile], {
    cwd: appDir,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: BackendLine[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => lines.push(JSON.parse(line) as BackendLine));
  const deadline = Date.now() + 10_000;
  while (!lines[0]?.port) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('backend.mjs did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, port: lines[0].port, lines };
}

/** Waits until `lines` has one matching `match`, and returns it. */
async function lineWhere(lines: BackendLine[], match: (line: BackendLine) => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const line = lines.find(match);
    if (line) return line;
    if (Date.now() > deadline) throw new Error(`no such line within ${timeoutMs} ms: ${JSON.stringify(lines)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a fresh Vite + React + TypeScript app installing the packed packages', () => {
  let work: string;
  let appDir: string;
  let browser: Browser;
  let served: Awaited<ReturnType<typeof serveStatic>>;
  let app: TestApp;
  let backend: Awaited<ReturnType<typeof startBackend>> | undefined;
  let loggedInUserId: string | undefined;
  const seconds: Record<string, number> = {};
  const timed = async <T>(step: string, fn: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await fn();
    } finally {
      seconds[step] = Math.round((performance.now() - started) / 100) / 10;
    }
  };

  beforeAll(async () => {
    // Outside the repository: nothing of the monorepo's node_modules can be found from there.
    work = mkdtempSync(join(tmpdir(), 'latch-fresh-app-'));
    expect(work.startsWith(ROOT)).toBe(false);
    appDir = join(work, 'app');
    const packs = join(work, 'packs');
    mkdirSync(packs);
    const tarballs = await timed('build + pack', () => packPublished(packs));
    const clients = ['@latch/protocol', '@latch/core', '@latch/react', '@latch/node'].map((name) => {
      const tarball = tarballs[name];
      if (!tarball) throw new Error(`npm pack made no tarball for ${name}`);
      return tarball;
    });
    copyTemplate(appDir);
    served = await serveStatic(join(appDir, 'dist'));
    app = await createApp({
      name: 'Fresh App',
      allowed_origins: [served.origin],
      config: { email_auth: true },
    });
    writeFileSync(join(appDir, 'src', 'App.tsx'), appTsx(app, stack().apiUrl));
    writeFileSync(join(appDir, 'src', 'typeProbe.ts'), TYPE_PROBE);
    writeFileSync(join(appDir, 'importAll.mjs'), IMPORT_ALL);
    writeFileSync(join(appDir, 'verify.mjs'), VERIFY);
    writeFileSync(join(appDir, 'backend.mjs'), BACKEND);
    await timed('npm install', () =>
      sh('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', ...clients], appDir),
    );
    await timed('npm run build', () => sh('npm', ['run', 'build'], appDir));
    browser = await launchBrowser();
    // The app's webhook endpoint points at the host backend, added with the CLI before anyone signs up.
    const secretFile = join(work, 'webhook-secret');
    writeFileSync(secretFile, '');
    backend = await startBackend(appDir, secretFile);
    // The suite's stack runs on its own embedded database (globalSetup): the CLI must open that one, never
    // the DATABASE_URL/REDIS_URL that CI sets for the integration suites.
    const added = runCli(['apps', 'webhooks', 'add', app.appId, '--url', `http://127.0.0.1:${backend.port}/webhooks`], {
      LATCH_DEV: '1',
      LATCH_DATA_DIR: inject('dataDir'),
      DATABASE_URL: '',
      REDIS_URL: '',
    });
    const { secret } = JSON.parse(added.trim().split('\n').at(-1) ?? '{}') as { secret?: string };
    expect(secret).toMatch(/^whsec_/);
    writeFileSync(secretFile, secret ?? '');
  }, 600_000);

  afterAll(async () => {
    console.info(`[e2e] fresh app seconds: ${JSON.stringify(seconds)}`);
    backend?.child.kill();
    await browser?.close();
    await served?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('installs packages that declare every module they import, and imports each entry in plain Node', async () => {
    for (const name of ['protocol', 'core', 'react', 'node'])
      expect(undeclaredImports(join(appDir, 'node_modules', '@latch', name))).toEqual([]);
    const { stdout } = await sh(process.execPath, ['importAll.mjs'], appDir);
    const imported = JSON.parse(stdout) as string[];
    expect(imported).toEqual(expect.arrayContaining(['@latch/protocol', '@latch/core', '@latch/react', '@latch/node']));
    expect(imported).toEqual(expect.arrayContaining(['@latch/core/passkeys', '@latch/protocol/schemas']));
  });

  it("keeps the widget's lazy parts in their own chunks of the host's build, and its styles inside the JS", () => {
    const assets = join(appDir, 'dist', 'assets');
    const files = readdirSync(assets);
    const html = readFileSync(join(appDir, 'dist', 'index.html'), 'utf8');
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

  it('logs a new user in by email in Chromium, and the host backend verifies the access token with @latch/node', async () => {
    const page = await newUserPage(browser);
    await page.goto(served.origin);
    const email = uniqueEmail('fresh-app');
    await submitEmailCode(page, email);
    await expectSuccessAndClose(page);
    const userId = (await page.getByTestId('user-id').textContent()) ?? '';
    expect(userId).toMatch(/^did:latch:/);
    loggedInUserId = userId;
    await page.getByRole('button', { name: 'Show token' }).click();
    await visible(page.getByTestId('token'));
    const token = (await page.getByTestId('token').textContent()) ?? '';

    const { stdout } = await sh(process.execPath, ['verify.mjs', app.appId, stack().apiUrl, token], appDir);
    expect(JSON.parse(stdout)).toMatchObject({ userId, appId: app.appId });
    // A token for another app is refused: the check is real.
    const other = await createApp({ name: 'Other App' });
    await expect(sh(process.execPath, ['verify.mjs', other.appId, stack().apiUrl, token], appDir)).rejects.toThrow(
      /missing_or_invalid_token/,
    );
  });

  it('receives the user.created webhook in the host backend with a signature verifyWebhook accepts', async () => {
    expect(loggedInUserId).toBeDefined();
    const lines = backend?.lines ?? [];
    const created = await lineWhere(
      lines,
      (line) => line.verified?.type === 'user.created' && line.verified.data.user.id === loggedInUserId,
    );
    expect(created.verified?.data.user.id).toBe(loggedInUserId);
    expect(lines.filter((line) => line.refused)).toEqual([]);
    // A forged delivery (no valid signature) is refused by the same check.
    const forged = await fetch(`http://127.0.0.1:${backend?.port}/webhooks`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': 'msg_forged',
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': `v1,${Buffer.from('forged').toString('base64')}`,
      },
      body: JSON.stringify({ type: 'user.created', timestamp: new Date().toISOString(), data: {} }),
    });
    expect(forged.status).toBe(401);
    await lineWhere(lines, (line) => line.refused === 'invalid_webhook');
  });
});
