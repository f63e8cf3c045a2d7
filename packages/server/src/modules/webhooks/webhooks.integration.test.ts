import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { parseCommand, runCommand } from '../../admin/commands.js';
import { linkAccount, unlinkAccount } from '../../identity/users/users.js';
import { createSealer, loadMasterKey } from '../../kernel/crypto/masterKey.js';
import { rotateKeys } from '../../kernel/crypto/rotate.js';
import { captureLogs } from '../../kernel/delivery/testing/captureLogs.js';
import { moduleSealing } from '../../kernel/module.js';
import { forEachBackend, type TestServer } from '../../test/harness.js';
import { uniqueEmail } from '../passwordless/testing/passwordlessTestClient.js';
import { registeredFrame } from '../wallets/testing/testFrame.js';
import { webhookReceiver } from './testing/webhookReceiver.js';
import { WebhookEndpoints } from './WebhookEndpoints.js';
import { MAX_ATTEMPTS, RETRY_DELAYS_SECONDS, WebhookWorker } from './WebhookWorker.js';

type Receiver = Awaited<ReturnType<typeof webhookReceiver>>;

/** Runs a CLI command line on the server's context; returns the printed JSON objects. */
export async function cli(server: TestServer, ...argv: string[]): Promise<Array<Record<string, unknown>>> {
  const printed: Array<Record<string, unknown>> = [];
  await runCommand(server.ctx, parseCommand(argv), (value) => printed.push(value as Record<string, unknown>));
  return printed;
}

/** An app with an endpoint at the receiver (through the CLI); returns the ids and the printed secret. */
async function appWithEndpoint(server: TestServer, receiver: Receiver, events?: string) {
  const { appId, clientId } = await server.createApp({ name: 'Hooks', config: { sms_auth: true } });
  const [added] = await cli(
    server,
    'apps',
    'webhooks',
    'add',
    appId,
    '--url',
    receiver.url,
    ...(events ? ['--events', events] : []),
  );
  return { appId, clientId, secret: added!.secret as string, endpointId: added!.endpoint_id as string };
}

/**
 * The events a receiver got, each checked against the secret with the Standard Webhooks library, at the
 * server's (fake) time: the library compares webhook-timestamp with Date.now().
 */
function verified(server: TestServer, receiver: Receiver, secret: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(server.clock.now());
  try {
    return receiver.received.map((r) => ({
      id: r.headers['webhook-id'] as string,
      event: new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as {
        type: string;
        data: { app_id: string; user: { id: string } | null; account: Record<string, unknown> | null };
      },
    }));
  } finally {
    vi.useRealTimers();
  }
}

const captures: ReturnType<typeof captureLogs>[] = [];

forEachBackend(
  'webhooks',
  (server) => {
    let receiver: Receiver;
    beforeAll(async () => {
      receiver = await webhookReceiver();
    });
    afterAll(() => receiver.close());

    it('sends each of the five events once, signed, for the right action and user', async () => {
      receiver.received.length = 0;
      const s = server();
      // The five account events (the security.* events have their own test: securityEvents/).
      const five = 'user.created,user.authenticated,user.linked_account,user.unlinked_account,wallet.created';
      const { appId, clientId, secret } = await appWithEndpoint(s, receiver, five);
      const worker = new WebhookWorker(s.ctx);
      const email = uniqueEmail('hook');
      const frame = await registeredFrame(s, { appId, clientId }, { type: 'email', address: email });
      expect((await frame.createWallet()).res.status).toBe(200);
      const [user] = await s.ctx.db.selectFrom('users').select('id').where('app_id', '=', appId).execute();
      const phone = { type: 'phone' as const, phone_number: '+14155550142' };
      await linkAccount(s.ctx, appId, user!.id, phone);
      await unlinkAccount(s.ctx, appId, user!.id, phone);
      expect(await worker.runOnce()).toBe(5);
      expect(await worker.runOnce()).toBe(0);

      const events = verified(s, receiver, secret);
      expect(events.map((e) => e.event.type).sort()).toEqual([
        'user.authenticated',
        'user.created',
        'user.linked_account',
        'user.unlinked_account',
        'wallet.created',
      ]);
      expect(new Set(events.map((e) => e.id)).size).toBe(5);
      const byType = Object.fromEntries(events.map((e) => [e.event.type, e.event.data]));
      for (const data of Object.values(byType)) {
        expect(data.app_id).toBe(appId);
        expect(data.user?.id).toBe(`did:latch:${user!.id}`);
      }
      expect(byType['user.created']!.account).toMatchObject({ type: 'email', address: email });
      expect(byType['user.authenticated']!.account).toMatchObject({ type: 'email', address: email });
      expect(byType['user.linked_account']!.account).toMatchObject({ type: 'phone', phone_number: '+14155550142' });
      expect(byType['user.unlinked_account']!.account).toMatchObject({ type: 'phone', phone_number: '+14155550142' });
      expect(byType['wallet.created']!.account).toMatchObject({ type: 'wallet', connector_type: 'embedded' });
      // Never a secret or token in a payload.
      for (const r of receiver.received) expect(r.body).not.toMatch(/token|secret|share/i);
    });

    it('sends only the subscribed events, and nothing for an app without endpoints', async () => {
      receiver.received.length = 0;
      const s = server();
      const { appId } = await appWithEndpoint(s, receiver, 'user.created');
      await s.signIn(appId, { type: 'email', address: uniqueEmail('only') });
      const other = await s.createApp({ name: 'No hooks' });
      await s.signIn(other.appId, { type: 'email', address: uniqueEmail('none') });
      await new WebhookWorker(s.ctx).runOnce();
      expect(receiver.received.map((r) => JSON.parse(r.body).type)).toEqual(['user.created']);
    });

    it('retries a failed delivery on the schedule (500, then 200) with the same webhook-id, then marks failed after the last attempt', async () => {
      receiver.received.length = 0;
      const s = server();
      const { appId, secret } = await appWithEndpoint(s, receiver, 'user.created');
      const worker = new WebhookWorker(s.ctx, { random: () => 0 });
      receiver.answer(500);
      await s.signIn(appId, { type: 'email', address: uniqueEmail('retry') });
      expect(await worker.runOnce()).toBe(1);
      expect(await worker.runOnce()).toBe(0); // not due yet
      s.clock.advance(4_000);
      expect(await worker.runOnce()).toBe(0);
      s.clock.advance(1_000);
      expect(await worker.runOnce()).toBe(1);
      const [first, second] = verified(s, receiver, secret);
      expect(second!.id).toBe(first!.id);
      expect(receiver.received.map((r) => r.status)).toEqual([500, 200]);
      const [delivery] = await cli(s, 'apps', 'webhooks', 'deliveries', appId);
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, last_status_code: 200 });

      // A receiver that never accepts: attempts on the whole schedule, then failed.
      receiver.received.length = 0;
      receiver.answer(...Array(MAX_ATTEMPTS).fill(503));
      await s.signIn(appId, { type: 'email', address: uniqueEmail('fail') });
      for (const delay of [0, ...RETRY_DELAYS_SECONDS]) {
        s.clock.advance(delay * 1000);
        expect(await worker.runOnce()).toBe(1);
      }
      s.clock.advance(24 * 3600_000);
      expect(await worker.runOnce()).toBe(0);
      expect(receiver.received).toHaveLength(MAX_ATTEMPTS);
      const [failed] = await cli(s, 'apps', 'webhooks', 'deliveries', appId);
      expect(failed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, last_status_code: 503 });
    });

    it('signs with the new and the previous secret during a rotation grace, then with the new one only', async () => {
      receiver.received.length = 0;
      const s = server();
      const { appId, endpointId, secret: old } = await appWithEndpoint(s, receiver, 'user.created');
      const [rotated] = await cli(s, 'apps', 'webhooks', 'rotate-secret', appId, endpointId, '--grace', '60');
      const fresh = rotated!.secret as string;
      const worker = new WebhookWorker(s.ctx);
      await s.signIn(appId, { type: 'email', address: uniqueEmail('rot1') });
      await worker.runOnce();
      expect(verified(s, receiver, old)).toHaveLength(1);
      expect(verified(s, receiver, fresh)).toHaveLength(1);
      s.clock.advance(61_000);
      receiver.received.length = 0;
      await s.signIn(appId, { type: 'email', address: uniqueEmail('rot2') });
      await worker.runOnce();
      expect(verified(s, receiver, fresh)).toHaveLength(1);
      expect(() => verified(s, receiver, old)).toThrow();
    });

    it('keys rotate re-seals the current and the previous secret under the new master key', async () => {
      const s = server();
      const { appId, endpointId, secret: old } = await appWithEndpoint(s, receiver);
      const [rotated] = await cli(s, 'apps', 'webhooks', 'rotate-secret', appId, endpointId);
      const sealer = createSealer(randomBytes(32), [loadMasterKey(s.settings)]);
      const report = await rotateKeys({ ...s.ctx, sealer }, moduleSealing(s.modules));
      expect(report.resealed.webhook_secrets).toBeGreaterThanOrEqual(1);
      expect(report.failed).toEqual([]);
      const row = await s.db
        .selectFrom('webhook_endpoints')
        .select(['secret_sealed', 'previous_secret_sealed'])
        .where('id', '=', endpointId)
        .executeTakeFirstOrThrow();
      for (const sealed of Object.values(row as Record<string, string>)) expect(sealer.isCurrent(sealed)).toBe(true);
      const opened = await new WebhookEndpoints(s.db, sealer, s.clock).signingSecrets(endpointId);
      expect(opened?.secrets).toEqual([rotated!.secret, old]);
      expect((await rotateKeys({ ...s.ctx, sealer }, moduleSealing(s.modules))).resealed.webhook_secrets).toBe(0);
    });

    it('never shows a secret in list output or in the logs (trace level)', async () => {
      receiver.received.length = 0;
      const s = server();
      const { appId, secret } = await appWithEndpoint(s, receiver);
      const [rotated] = await cli(
        s,
        'apps',
        'webhooks',
        'rotate-secret',
        appId,
        (await cli(s, 'apps', 'webhooks', 'list', appId))[0]!.endpoint_id as string,
      );
      await s.signIn(appId, { type: 'email', address: uniqueEmail('logs') });
      await new WebhookWorker(s.ctx).runOnce();
      const listed = JSON.stringify(await cli(s, 'apps', 'webhooks', 'list', appId));
      const logs = captures.at(-1)!.lines.join('');
      expect(logs).toContain('webhook delivery'); // the capture is live
      for (const value of [secret, rotated!.secret as string]) {
        const key = value.slice('whsec_'.length);
        expect(listed).not.toContain(key);
        expect(logs).not.toContain(key);
      }
    });

    it('refuses bad endpoint URLs and unknown events, changing nothing', async () => {
      const s = server();
      const { appId } = await s.createApp({ name: 'Bad URLs' });
      const before = await s.tableCounts();
      for (const url of [
        'ftp://example.com/x',
        'https://user:pw@example.com/x',
        'https://example.com/x#frag',
        'http://example.com/x',
        'not a url',
      ])
        await expect(cli(s, 'apps', 'webhooks', 'add', appId, '--url', url)).rejects.toThrow(/webhook URL/);
      await expect(
        cli(s, 'apps', 'webhooks', 'add', appId, '--url', 'https://example.com', '--events', 'user.deleted'),
      ).rejects.toThrow(/--events/);
      expect(await s.tableCounts()).toEqual(before);
    });
  },
  {
    overrides: () => {
      const capture = captureLogs('trace');
      captures.push(capture);
      return { logger: capture.logger };
    },
  },
);
