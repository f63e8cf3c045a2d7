import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { runCli } from '../scripts/stack.mjs';
import { lineWhere, startBackend } from './freshAppBackend.js';
import { freshAppsFixture } from './freshAppFixture.js';
import { WEBHOOK_BACKEND } from './freshAppSources.js';
import { viteAppTests } from './freshAppVite.js';

// Issues #15 and #25's "Done when": a new app developer's path, outside this repository. The packages are built
// and packed once (e2e/sharedPack.ts), served as the @latch scope's registry, and installed with exactly the lines
// docs/install.md documents (read from it) into a fresh Vite react-ts app (this file) and a fresh create-next-app
// App Router app (freshAppNext.spec.ts, in its own worker). A user logs in by email in Chromium against the real
// server, reloads, signs through wagmi's useSignMessage with no connect call, and a plain Node backend verifies
// the identity token with @latch/node. It fails when a package is broken: exports to .ts, a missing .d.ts (the
// type probe), an undeclared dependency, a lazy part made eager.

describe('fresh apps installing the packed packages with the documented lines', () => {
  const fresh = freshAppsFixture('vite');

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
      const added = await runCli(['apps', 'webhooks', 'add', app.appId, '--url', url], {
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
});
