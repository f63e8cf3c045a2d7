import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { runCli } from '../scripts/stack.mjs';
import { freshAppsFixture } from './freshAppFixture.js';
import { WEBHOOK_BACKEND } from './freshAppSources.js';
import { viteAppTests } from './freshAppVite.js';
import { nextAppTests } from './nextApp.js';

// Issues #15 and #25's "Done when": a new app developer's path, outside this repository. The packages are built
// and packed once, served as the @latch scope's registry, and installed with exactly the lines docs/install.md
// documents (read from it) into a fresh Vite react-ts app and a fresh create-next-app App Router app, with no
// host-side shim: the provider sits in Next's server layout. In each, a user logs in by email in Chromium against
// the real server, reloads, signs through wagmi's useSignMessage with no connect call, and a plain Node backend
// verifies the identity token with @latch/node. It fails when a package is broken: exports to .ts, a missing
// .d.ts (the type probe), an undeclared dependency, a lazy part made eager, an entry without 'use client'
// (Next: "createContext is not a function"), a render that reads a random value (Next's prerender refuses it).

/** One line the webhook backend printed. */
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

describe('fresh apps installing the packed packages with the documented lines', () => {
  const fresh = freshAppsFixture();

  describe('a fresh Vite + React + TypeScript app', () => {
    let backend: Awaited<ReturnType<typeof startBackend>> | undefined;
    // The app's webhook endpoint points at the host backend, added with the CLI before anyone signs up.
    const vite = viteAppTests(fresh, async ({ dir, app }) => {
      const secretFile = join(fresh().work, 'webhook-secret');
      writeFileSync(secretFile, '');
      writeFileSync(join(dir, 'backend.mjs'), WEBHOOK_BACKEND);
      backend = await startBackend(dir, secretFile);
      // The suite's stack runs on its own embedded database (globalSetup): the CLI must open that one, never
      // the DATABASE_URL/REDIS_URL that CI sets for the integration suites.
      const url = `http://127.0.0.1:${backend.port}/webhooks`;
      const added = runCli(['apps', 'webhooks', 'add', app.appId, '--url', url], {
        LATCH_DEV: '1',
        LATCH_DATA_DIR: inject('dataDir'),
        DATABASE_URL: '',
        REDIS_URL: '',
      });
      const { secret } = JSON.parse(added.trim().split('\n').at(-1) ?? '{}') as { secret?: string };
      expect(secret).toMatch(/^whsec_/);
      writeFileSync(secretFile, secret ?? '');
    });
    afterAll(() => {
      backend?.child.kill();
    });

    it('receives the user.created webhook in the host backend with a signature verifyWebhook accepts', async () => {
      const userId = vite.run?.userId;
      expect(userId).toBeDefined();
      const lines = backend?.lines ?? [];
      const created = await lineWhere(
        lines,
        (line) => line.verified?.type === 'user.created' && line.verified.data.user.id === userId,
      );
      expect(created.verified?.data.user.id).toBe(userId);
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

  describe('a fresh Next.js App Router app (create-next-app)', () => {
    nextAppTests(fresh);
  });
});
