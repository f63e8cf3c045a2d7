import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
// The real server, built and served by the server's own test harness (@latch/server/testing).
import { cli, deliverWebhooksNow, forEachBackend, webhookReceiver } from '@latch/server/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLatchNode, LatchError } from './index.js';

forEachBackend('@latch/node admin writes (docs/node-sdk.md "Users, allowlist and webhook endpoints")', (server) => {
  let base = '';
  let close: () => Promise<void> = async () => {};
  let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
  beforeAll(async () => {
    const listening = serve({ fetch: server().app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => listening.once('listening', resolve));
    base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => listening.close(() => resolve()));
    receiver = await webhookReceiver();
  });
  afterAll(async () => {
    await close();
    await receiver.close();
  });

  it('runs the doc snippet line by line', async () => {
    const { appId } = await server().createApp({ name: 'Docs', config: { sms_auth: true } });
    const [created] = await cli(server(), ['apps', 'secret', 'create', appId]);
    const latch = createLatchNode({ appId, appSecret: created!.secret as string, apiUrl: base });
    const tag = Math.random().toString(36).slice(2, 8);

    // Users
    const ada = await latch.createUser({
      linkedAccounts: [
        { type: 'email', address: `ada-${tag}@example.com` },
        { type: 'wallet', address: '0x5290000000000000000000000000000000009ee7' },
      ],
      customMetadata: { plan: 'pro' },
    });
    expect(ada.custom_metadata).toEqual({ plan: 'pro' });
    const results = await latch.importUsers([
      { linkedAccounts: [{ type: 'email', address: `grace-${tag}@example.com` }] },
      { linkedAccounts: [{ type: 'phone', number: '+14155550123' }] },
    ]);
    expect(results.map((r) => r.status)).toEqual(['created', 'created']);
    const again = await latch.importUser({ linkedAccounts: [{ type: 'phone', number: '+14155550123' }] });
    expect(again.status).toBe('exists');
    const { data, nextCursor } = await latch.searchUsers({ searchTerm: tag, limit: 20 });
    // Newest first; these two were created at one instant of the test's clock, so compared as a set.
    expect(data.map((u) => u.id).sort()).toEqual([(results[0] as { user: { id: string } }).user.id, ada.id].sort());
    expect(nextCursor).toBeNull();
    const withMeta = await latch.setCustomMetadata(ada.id, { plan: 'team', seats: 5 });
    expect(withMeta?.custom_metadata).toEqual({ plan: 'team', seats: 5 });

    // Allowlist
    expect(await latch.getAllowlist()).toBeNull();
    expect(await latch.addToAllowlist([`ada-${tag}@example.com`, '+14155550123'])).toEqual([
      `ada-${tag}@example.com`,
      '+14155550123',
    ]);
    expect(await latch.removeFromAllowlist(['+14155550123'])).toEqual([`ada-${tag}@example.com`]);

    // Webhook endpoints
    const hook = await latch.createWebhook({ url: receiver.url, events: ['user.created', 'user.updated_account'] });
    expect(hook.secret).toMatch(/^whsec_/);
    expect((await latch.listWebhooks()).map((w) => w.endpoint_id)).toEqual([hook.endpoint_id]);
    const test = await latch.sendTestWebhook(hook.endpoint_id);
    await deliverWebhooksNow(server()); // the server's worker, run by hand in the test
    const deliveries = await latch.listWebhookDeliveries();
    expect(deliveries.find((d) => d.event_id === test.event_id)).toMatchObject({ status: 'delivered' });
    await latch.deleteWebhook(hook.endpoint_id);
    expect(await latch.listWebhooks()).toEqual([]);

    // Errors are LatchErrors with the catalogue code.
    const taken = await latch
      .createUser({ linkedAccounts: [{ type: 'email', address: `ada-${tag}@example.com` }] })
      .catch((e) => e);
    expect(taken).toBeInstanceOf(LatchError);
    expect((taken as LatchError).code).toBe('linked_to_another_user');
    const bad = await latch.addToAllowlist(['not-an-entry']).catch((e) => e);
    expect((bad as LatchError).code).toBe('invalid_data');
    expect(await latch.setCustomMetadata(`did:latch:${'a'.repeat(25)}`, { a: 1 })).toBeNull();
  });
});
