import { DEV_API, IDENTITY_API, type WireUser } from '@latch/protocol';
import { WALLET_API } from '@latch/protocol/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackTwilio } from '../../kernel/delivery/testing/loopbackTwilio.js';
import { uniqueEmail } from '../../modules/passwordless/testing/passwordlessTestClient.js';
import { freshLogin, registeredFrame, TestFrame } from '../../modules/wallets/testing/testFrame.js';
import { createTestServer, forEachBackend, type TestServer } from '../../test/harness.js';
import { linkAccount } from '../users/users.js';
import { securityEventProbe, uniquePhone } from './testing/securityEventProbe.js';

/** An email user who also linked a phone, a provider-recovery wallet on a first device, and a second device logged in. */
async function walletOwnerWithTwoChannels(server: TestServer, app: { appId: string; clientId: string }) {
  const email = uniqueEmail('release');
  const phone = uniquePhone();
  const first = await registeredFrame(server, app, { type: 'email', address: email });
  const me = (await (
    await server.call('GET', IDENTITY_API.me, {
      headers: { 'latch-app-id': app.appId, authorization: `Bearer ${first.user.token}` },
    })
  ).json()) as { user: WireUser };
  const userId = me.user.id.replace('did:latch:', '');
  await linkAccount(server.ctx, app.appId, userId, { type: 'phone', phone_number: phone });
  const { res, input } = await first.createWallet();
  expect(res.status).toBe(200);
  const second = await TestFrame.create(
    server,
    await freshLogin(server, app.appId, app.clientId, { type: 'email', address: email }),
  );
  return { email, phone, userId, first, second, input };
}

forEachBackend('security events: releases (issue #24, reproduction 5)', (server) => {
  let app: { appId: string; clientId: string } | undefined;
  async function theApp() {
    if (!app) {
      app = await server().createApp({ name: 'Acme', config: { email_auth: true, sms_auth: true } });
      await securityEventProbe(server()).subscribe(app.appId);
    }
    return app;
  }

  it('a provider-recovery release, then an export, leaves a notice to every verified channel, an audit row and a webhook', async () => {
    const probe = securityEventProbe(server());
    const { email, phone, userId, first, second, input } = await walletOwnerWithTwoChannels(server(), await theApp());
    expect((await second.register()).status).toBe(200);

    const released = await second.call('POST', WALLET_API.recovery);
    expect(released.status).toBe(200);
    expect((await released.json()).recovery_key).toBe(input.recovery.recovery_key);

    const subject = 'A new device can now use your wallet';
    expect(await probe.notices(email, subject)).toHaveLength(1);
    expect(await probe.notices(phone, subject)).toHaveLength(1);
    const [row] = await probe.rows(userId, 'recovery_released');
    expect(row).toMatchObject({ app_id: (await theApp()).appId, type: 'recovery_released' });
    expect(row?.detail).toEqual({ device: second.key.deviceId.slice(0, 8), recovery_method: 'latch' });
    const [hook] = await probe.webhooks(userId, 'recovery_released');
    expect(hook?.security_event_id).toBe(row?.id);
    // An export release: told to both channels, a row and a webhook.
    expect((await first.call('POST', WALLET_API.exportInit)).status).toBe(200);
    const outbox = (await (await server().call('GET', DEV_API.outbox)).json()) as Array<{
      recipient: string;
      code: string;
    }>;
    const code = outbox.find((m) => m.recipient === email && m.code !== '')?.code as string;
    expect((await first.call('POST', WALLET_API.exportAuthenticate, { code })).status).toBe(200);
    expect(await probe.notices(email, 'Your wallet key was exported')).toHaveLength(1);
    expect(await probe.notices(phone, 'Your wallet key was exported')).toHaveLength(1);
    const [exported] = await probe.rows(userId, 'export_released');
    expect(exported?.detail).toEqual({ device: first.key.deviceId.slice(0, 8) });
    expect(await probe.webhooksOf(exported?.id ?? '')).toHaveLength(1);
    // Nothing secret in the rows: not the recovery key, the sealed share, the auth share or the code.
    const stored = JSON.stringify([row, exported, await probe.webhooks(userId, 'recovery_released')]);
    for (const secret of [input.recovery.recovery_key, input.recovery.sealed_share, input.auth_share, code]) {
      expect(stored).not.toContain(secret);
    }
  });

  it('a new device registration is told before it counts; the same live key again is no new device', async () => {
    const probe = securityEventProbe(server());
    const { email, phone, userId, second } = await walletOwnerWithTwoChannels(server(), await theApp());
    expect((await second.register()).status).toBe(200);
    const subject = 'A new device signed in to your account';
    expect(await probe.notices(email, subject)).toHaveLength(2); // the first device and this one
    expect(await probe.notices(phone, subject)).toHaveLength(1); // the phone was linked after the first
    const rows = await probe.rows(userId, 'device_registered');
    expect(rows.map((r) => (r.detail as { device: string }).device)).toContain(second.key.deviceId.slice(0, 8));
    expect(await probe.webhooks(userId, 'device_registered')).toHaveLength(2);

    // A fresh login on the same device (same key, still live): no event.
    const again = await freshLogin(server(), second.user.appId, second.user.clientId, {
      type: 'email',
      address: email,
    });
    const sameKey = await TestFrame.create(server(), again, second.key);
    expect((await sameKey.register()).status).toBe(200);
    expect(await probe.rows(userId, 'device_registered')).toHaveLength(2);
  });

  it('a wallet-only user (no verified channel) still gets the row and the webhook', async () => {
    const probe = securityEventProbe(server());
    const custom = { type: 'custom_auth', custom_user_id: `only-wallet-${Date.now()}` } as const;
    const first = await registeredFrame(server(), await theApp(), custom);
    expect((await first.createWallet()).res.status).toBe(200);
    const second = await registeredFrame(server(), await theApp(), custom);
    expect((await second.call('POST', WALLET_API.recovery)).status).toBe(200);
    const { body } = await probe.mine(second.user.appId, second.user.clientId, second.user.token);
    expect(body.events.map((e) => e.type)).toEqual(['recovery_released', 'device_registered', 'device_registered']);
    const hooks = await probe.webhooksOf(body.events[0]?.id ?? '');
    expect(hooks.map((h) => h.type)).toEqual(['security.recovery_released']);
  });
});

describe('security events: a notice that cannot be delivered releases nothing [pglite]', () => {
  let server: TestServer;
  let twilio: Awaited<ReturnType<typeof startLoopbackTwilio>>;
  const refuse = () =>
    twilio.failNext({
      status: 400,
      body: { code: 21610, message: 'Attempt to send to unsubscribed recipient', status: 400 },
    });

  beforeAll(async () => {
    twilio = await startLoopbackTwilio();
    server = await createTestServer({
      twilioBaseUrl: twilio.baseUrl,
      twilioAccountSid: twilio.accountSid,
      twilioAuthToken: twilio.authToken,
      twilioFrom: '+15005550006',
    });
  });
  afterAll(async () => {
    await server?.close();
    await twilio?.close();
  });

  it('recovery, device registration and export: 503 notice_delivery_failed, no material, no row, no webhook', async () => {
    const app = await server.createApp({ name: 'Acme', config: { email_auth: true, sms_auth: true } });
    const probe = securityEventProbe(server);
    await probe.subscribe(app.appId);
    const { email, userId, second, first, input } = await walletOwnerWithTwoChannels(server, app);

    // Device registration: the SMS notice is refused → the key is not registered.
    refuse();
    const registration = await second.register();
    expect(registration.status).toBe(503);
    expect((await registration.json()).error).toBe('notice_delivery_failed');
    expect((await second.call('GET', WALLET_API.wallet)).status).toBe(403);
    const third = await registeredFrame(server, app, { type: 'email', address: email });

    // Recovery: refused → nothing released.
    refuse();
    const recovery = await third.call('POST', WALLET_API.recovery);
    expect(recovery.status).toBe(503);
    const body = JSON.stringify(await recovery.json());
    expect(body).toContain('notice_delivery_failed');
    for (const secret of [input.recovery.recovery_key, input.recovery.sealed_share, input.auth_share]) {
      expect(body).not.toContain(secret);
    }
    expect(await probe.rows(userId, 'recovery_released')).toEqual([]);
    expect(await probe.webhooks(userId, 'recovery_released')).toEqual([]);
    // Delivered next time: released.
    expect((await third.call('POST', WALLET_API.recovery)).status).toBe(200);
    expect(await probe.rows(userId, 'recovery_released')).toHaveLength(1);

    // Export: the code is right, the notice is refused → no auth share.
    expect((await first.call('POST', WALLET_API.exportInit)).status).toBe(200);
    const outbox = (await (await server.call('GET', DEV_API.outbox)).json()) as Array<{ code: string }>;
    const code = outbox.find((m) => m.code !== '')?.code as string;
    refuse();
    const exported = await first.call('POST', WALLET_API.exportAuthenticate, { code });
    expect(exported.status).toBe(503);
    expect(JSON.stringify(await exported.json())).not.toContain(input.auth_share);
    expect(await probe.rows(userId, 'export_released')).toEqual([]);
  });
});
