import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCommand, runCommand } from '../../admin/commands.js';
import { loginOrSignUp } from '../../identity/sessions/loginOrSignUp.js';
import { startServer } from '../../index.js';
import type { Settings } from '../../kernel/config/config.js';
import { backends, createTestServer, type TestServer, testSettings } from '../../test/harness.js';
import { uniqueEmail } from '../passwordless/testing/passwordlessTestClient.js';
import { webhookReceiver } from './testing/webhookReceiver.js';
import { WebhookWorker } from './WebhookWorker.js';

// The outbox's durability: events survive a stop between commit and send, and a crash mid-send; several
// server instances on one PostgreSQL never send an event twice.

async function addEndpoint(server: TestServer, url: string): Promise<string> {
  const { appId } = await server.createApp({ name: 'Outbox' });
  await runCommand(
    server.ctx,
    parseCommand(['apps', 'webhooks', 'add', appId, '--url', url, '--events', 'user.created']),
    () => {},
  );
  return appId;
}

for (const backend of backends()) {
  describe(`webhook outbox [${backend.name}]`, () => {
    it('delivers events committed before a stop, and an event whose send was cut short, after a restart', async () => {
      const prepared = await backend.prepare();
      // PGlite on disk, so that a second server opens the same data as a restarted process would.
      const dataDir = mkdtempSync(join(tmpdir(), 'latch-outbox-'));
      const settings: Partial<Settings> = prepared.settings.databaseUrl
        ? prepared.settings
        : { ...prepared.settings, inMemoryDb: false, dataDir };
      const masterKey = testSettings().masterKey;
      const receiver = await webhookReceiver();
      try {
        const first = await createTestServer({ ...settings, masterKey }, backend.name);
        const appId = await addEndpoint(first, receiver.url);
        await first.signIn(appId, { type: 'email', address: uniqueEmail('before-stop') });
        await first.close(); // stopped after the commit, before any send

        const second = await createTestServer({ ...settings, masterKey }, backend.name);
        try {
          expect(await new WebhookWorker(second.ctx).runOnce()).toBe(1);
          expect(receiver.received.map((r) => JSON.parse(r.body).type)).toEqual(['user.created']);

          // A worker claims the next event and its send never ends (the process died mid-send).
          await second.signIn(appId, { type: 'email', address: uniqueEmail('mid-send') });
          const hung = new WebhookWorker(second.ctx, { fetch: () => new Promise<Response>(() => {}) });
          void hung.runOnce();
          await expect
            .poll(
              async () =>
                (
                  await second.ctx.db
                    .selectFrom('webhook_deliveries')
                    .select('attempts')
                    .where('attempts', '=', 1)
                    .execute()
                ).length,
            )
            .toBe(2);
          const restarted = new WebhookWorker(second.ctx);
          expect(await restarted.runOnce()).toBe(0); // leased to the dead worker
          second.clock.advance(61_000);
          expect(await restarted.runOnce()).toBe(1);
          expect(receiver.received).toHaveLength(2);
        } finally {
          await second.close();
        }
      } finally {
        await receiver.close();
        await prepared.dispose();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }, 60_000);

    // Only PostgreSQL is shared by two server processes (an embedded PGlite belongs to one), so only it
    // declares this test: no skipped test on the PGlite backend.
    if (backend.name.startsWith('postgres'))
      it('two servers on one PostgreSQL never send one event twice', async () => {
        const prepared = await backend.prepare();
        const masterKey = testSettings().masterKey;
        const receiver = await webhookReceiver({ delayMs: 5 });
        const a = await createTestServer({ ...prepared.settings, masterKey }, backend.name);
        const b = await createTestServer({ ...prepared.settings, masterKey }, backend.name);
        try {
          const appId = await addEndpoint(a, receiver.url);
          const count = 60;
          for (let i = 0; i < count; i++) await a.signIn(appId, { type: 'email', address: uniqueEmail(`race${i}`) });
          const [sentByA, sentByB] = await Promise.all([
            new WebhookWorker(a.ctx).runOnce(),
            new WebhookWorker(b.ctx).runOnce(),
          ]);
          expect(sentByA + sentByB).toBe(count);
          const ids = receiver.received.map((r) => r.headers['webhook-id']);
          expect(ids).toHaveLength(count);
          expect(new Set(ids).size).toBe(count);
        } finally {
          await a.close();
          await b.close();
          await receiver.close();
          await prepared.dispose();
        }
      }, 60_000);
  });
}

describe('webhook worker in a listening server', () => {
  it('`start` sends new events on its own within seconds, and close() stops the worker', async () => {
    const receiver = await webhookReceiver();
    const server = await startServer(testSettings());
    try {
      const { id: appId } = await server.ctx.apps.create({ name: 'Live' });
      await runCommand(server.ctx, parseCommand(['apps', 'webhooks', 'add', appId, '--url', receiver.url]), () => {});
      await loginOrSignUp(server.ctx, await server.ctx.apps.require(appId), {
        type: 'email',
        address: uniqueEmail('live'),
      });
      // Bounds generous for a loaded CI machine (the worker polls every second): this checks that it sends unasked.
      await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(1);
    } finally {
      await server.close();
      await receiver.close();
    }
    // Starting a server on a new embedded database took 5.6 s alone and over 30 s beside the e2e suite.
  }, 120_000);
});
