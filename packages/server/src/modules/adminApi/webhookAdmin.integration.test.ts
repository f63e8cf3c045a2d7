import { ADMIN_API, type AdminCreatedWebhook, type AdminWebhookDelivery, type WireUser } from '@latch/protocol';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { updateEmail } from '../../identity/users/users.js';
import { forEachBackend, type TestServer } from '../../test/harness.js';
import { randomIp, uniqueEmail } from '../passwordless/testing/passwordlessTestClient.js';
import { recordEmbeddedWalletAccount } from '../wallets/embeddedWalletAccount.js';
import { webhookReceiver } from '../webhooks/testing/webhookReceiver.js';
import { WebhookWorker } from '../webhooks/WebhookWorker.js';
import { ADMIN_AUTH_FAILURE_LIMIT } from './AppSecrets.js';
import { adminRequest, appWithSecret, basic, cli } from './testing/adminRequest.js';

type Receiver = Awaited<ReturnType<typeof webhookReceiver>>;
type Event = { type: string; data: { app_id: string; user: WireUser | null; account: Record<string, unknown> | null } };

/** The receiver's events, each verified against `secret` at the server's (fake) time, as a host would. */
function verified(server: TestServer, receiver: Receiver, secret: string): Event[] {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(server.clock.now());
  try {
    return receiver.received.map(
      (r) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as Event,
    );
  } finally {
    vi.useRealTimers();
  }
}

forEachBackend('admin API webhooks and the new events', (server) => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await webhookReceiver();
  });
  afterAll(() => receiver.close());

  it('creates, lists and deletes endpoints through the API and the CLI alike; test-send is signed and tracked', async () => {
    receiver.received.length = 0;
    const s = server();
    const { appId, auth } = await appWithSecret(s);
    const res = await adminRequest(s, 'POST', ADMIN_API.webhooks, auth, {
      url: receiver.url,
      events: ['user.created'],
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as AdminCreatedWebhook;
    expect(created).toMatchObject({ app_id: appId, url: receiver.url, events: ['user.created'] });
    expect(created.secret).toMatch(/^whsec_/);
    // One implementation: the CLI lists what the API added, and the API what the CLI added — never a secret.
    const [cliAdded] = await cli(s, ['apps', 'webhooks', 'add', appId, '--url', `${receiver.url}/2`]);
    const listed = await (await adminRequest(s, 'GET', ADMIN_API.webhooks, auth)).json();
    // Both were added at the same (fake) instant: the order between them is the ids'.
    expect(listed.data.map((e: { endpoint_id: string }) => e.endpoint_id).sort()).toEqual(
      [created.endpoint_id, cliAdded!.endpoint_id].sort(),
    );
    expect(JSON.stringify(listed)).not.toContain('whsec_');
    expect((await cli(s, ['apps', 'webhooks', 'list', appId])).map((e) => e.endpoint_id)).toContain(
      created.endpoint_id,
    );

    // The test event goes to the endpoint although it subscribes to user.created only.
    const test = await adminRequest(s, 'POST', ADMIN_API.webhookTest(created.endpoint_id), auth);
    expect(test.status).toBe(202);
    const queued = await test.json();
    expect(queued).toEqual({
      event_id: expect.stringMatching(/^msg_/),
      endpoint_id: created.endpoint_id,
      status: 'pending',
    });
    await new WebhookWorker(s.ctx).runOnce();
    const events = verified(s, receiver, created.secret);
    expect(events).toEqual([
      { type: 'webhook.test', timestamp: expect.any(String), data: { app_id: appId, user: null, account: null } },
    ]);
    expect(receiver.received[0]!.headers['webhook-id']).toBe(queued.event_id);
    const deliveries = (await (await adminRequest(s, 'GET', ADMIN_API.webhookDeliveries, auth)).json())
      .data as AdminWebhookDelivery[];
    expect(deliveries.find((d) => d.event_id === queued.event_id)).toMatchObject({
      type: 'webhook.test',
      status: 'delivered',
      attempts: 1,
      last_status_code: 200,
    });

    expect((await adminRequest(s, 'DELETE', ADMIN_API.webhook(created.endpoint_id), auth)).status).toBe(204);
    const again = await adminRequest(s, 'DELETE', ADMIN_API.webhook(created.endpoint_id), auth);
    expect((await again.json()).error).toBe('invalid_data');
    expect((await cli(s, ['apps', 'webhooks', 'list', appId])).map((e) => e.endpoint_id)).toEqual([
      cliAdded!.endpoint_id,
    ]);
  });

  it('sends user.created for a created and an imported user, and user.updated_account, signed', async () => {
    receiver.received.length = 0;
    const s = server();
    const { appId, auth } = await appWithSecret(s);
    const hook = (await (
      await adminRequest(s, 'POST', ADMIN_API.webhooks, auth, {
        url: receiver.url,
        events: ['user.created', 'user.updated_account'],
      })
    ).json()) as AdminCreatedWebhook;
    const email = uniqueEmail('ev');
    const created = (await (
      await adminRequest(s, 'POST', ADMIN_API.users, auth, { linked_accounts: [{ type: 'email', address: email }] })
    ).json()) as WireUser;
    await adminRequest(s, 'POST', ADMIN_API.usersImport, auth, {
      users: [{ linked_accounts: [{ type: 'phone', number: '+14155550155' }] }],
    });
    // A rerun of the import creates nothing, so sends nothing.
    await adminRequest(s, 'POST', ADMIN_API.usersImport, auth, {
      users: [{ linked_accounts: [{ type: 'phone', number: '+14155550155' }] }],
    });
    const userId = created.id.replace('did:latch:', '');
    const moved = uniqueEmail('moved');
    await updateEmail(s.ctx, appId, userId, email, moved);
    const address = `0x${'b'.repeat(40)}`;
    await recordEmbeddedWalletAccount(s.ctx, { appId, userId }, address, 'latch');
    await recordEmbeddedWalletAccount(s.ctx, { appId, userId }, address, 'latch'); // no change, no event
    await recordEmbeddedWalletAccount(s.ctx, { appId, userId }, address, 'user-passcode');
    await new WebhookWorker(s.ctx).runOnce();
    const events = verified(s, receiver, hook.secret);
    expect(events.map((e) => [e.type, e.data.account])).toEqual(
      expect.arrayContaining([
        ['user.created', expect.objectContaining({ type: 'email', address: email })],
        ['user.created', expect.objectContaining({ type: 'phone', phone_number: '+14155550155' })],
        ['user.updated_account', expect.objectContaining({ type: 'email', address: moved })],
        ['user.updated_account', expect.objectContaining({ type: 'wallet', recovery_method: 'user-passcode' })],
      ]),
    );
    expect(events).toHaveLength(4);
    for (const e of events) expect(e.data.app_id).toBe(appId);
  });

  it('refuses bad endpoint bodies and ids with catalogue errors, and another app’s endpoint', async () => {
    const s = server();
    const { auth } = await appWithSecret(s);
    const other = await appWithSecret(s);
    const theirs = (await (
      await adminRequest(s, 'POST', ADMIN_API.webhooks, other.auth, { url: receiver.url })
    ).json()) as AdminCreatedWebhook;
    const bad: unknown[] = [
      {},
      { url: 'ftp://x.example' },
      { url: 'https://u:p@x.example' },
      { url: receiver.url, events: ['user.nope'] },
      { url: receiver.url, events: [] },
      { url: 42 },
      '{"url":',
    ];
    for (const body of bad) {
      const res = await adminRequest(s, 'POST', ADMIN_API.webhooks, auth, body);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe('invalid_data');
    }
    for (const path of [ADMIN_API.webhook(theirs.endpoint_id), ADMIN_API.webhook('whe_x'), ADMIN_API.webhook('../x')]) {
      const res = await adminRequest(s, 'DELETE', path, auth);
      expect([400, 404]).toContain(res.status);
    }
    const test = await adminRequest(s, 'POST', ADMIN_API.webhookTest(theirs.endpoint_id), auth);
    expect((await test.json()).error).toBe('invalid_data');
    // Theirs is still there.
    const listed = await (await adminRequest(s, 'GET', ADMIN_API.webhooks, other.auth)).json();
    expect(listed.data).toHaveLength(1);
  });

  it('every new admin route wants this app’s secret: none, garbled, wrong or another app’s is refused', async () => {
    const s = server();
    const { appId, secret } = await appWithSecret(s);
    const other = await appWithSecret(s);
    const user = `did:latch:${'a'.repeat(25)}`;
    const routes: Array<[string, string, unknown?]> = [
      ['POST', ADMIN_API.users, { linked_accounts: [{ type: 'email', address: uniqueEmail('x') }] }],
      ['POST', ADMIN_API.usersImport, { users: [{ linked_accounts: [{ type: 'email', address: uniqueEmail('y') }] }] }],
      ['POST', ADMIN_API.usersSearch, { search_term: 'a' }],
      ['POST', ADMIN_API.userCustomMetadata(user), { custom_metadata: {} }],
      ['GET', ADMIN_API.allowlist],
      ['POST', ADMIN_API.allowlist, { entries: ['a@example.com'] }],
      ['POST', ADMIN_API.allowlistRemove, { entries: ['a@example.com'] }],
      ['GET', ADMIN_API.webhooks],
      ['POST', ADMIN_API.webhooks, { url: receiver.url }],
      ['GET', ADMIN_API.webhookDeliveries],
      ['DELETE', ADMIN_API.webhook(`whe_${'0'.repeat(32)}`)],
      ['POST', ADMIN_API.webhookTest(`whe_${'0'.repeat(32)}`)],
    ];
    const wrong = [undefined, 'Basic !!!', basic(appId, `${secret}x`), basic(appId, other.secret), `Bearer ${secret}`];
    for (const [method, path, body] of routes) {
      const ip = randomIp(); // one IP per route: the failure limit (next test) stays out of this one
      for (const authorization of wrong) {
        const res = await adminRequest(s, method, path, authorization, body, ip);
        expect(res.status, `${method} ${path}`).toBe(401);
        expect((await res.json()).error).toBe('invalid_app_secret');
      }
    }
    // Nothing was written for this app.
    expect(await (await adminRequest(s, 'GET', ADMIN_API.allowlist, basic(appId, secret))).json()).toEqual({
      allowlist: null,
    });
    expect((await (await adminRequest(s, 'GET', ADMIN_API.webhooks, basic(appId, secret))).json()).data).toEqual([]);
  });

  it('throttles failed secrets on the new routes as on the others (per app and IP)', async () => {
    const s = server();
    const { appId, auth } = await appWithSecret(s);
    const attacker = randomIp();
    for (let i = 0; i < ADMIN_AUTH_FAILURE_LIMIT.points; i++) {
      const res = await adminRequest(
        s,
        'POST',
        ADMIN_API.usersSearch,
        basic(appId, `guess${i}`),
        { search_term: 'a' },
        attacker,
      );
      expect(res.status).toBe(401);
    }
    const blocked = await adminRequest(s, 'POST', ADMIN_API.webhooks, auth, { url: receiver.url }, attacker);
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).error).toBe('too_many_requests');
    expect((await adminRequest(s, 'GET', ADMIN_API.webhooks, auth, undefined, randomIp())).status).toBe(200);
  });
});
