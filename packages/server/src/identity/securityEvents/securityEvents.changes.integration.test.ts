import { ADMIN_API, PASSWORDLESS_API, type WireSecurityEvent } from '@latch/protocol';
import { MFA_API } from '@latch/protocol/mfa';
import type { LatchWebhookEvent } from '@latch/protocol/webhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseCommand, runCommand } from '../../admin/commands.js';
import { enrollTotp, stepUpToManageMfa, totpCode, userIdOf, verifyTotp } from '../../modules/mfa/testing/mfaTesting.js';
import { passwordlessTestClient, uniqueEmail } from '../../modules/passwordless/testing/passwordlessTestClient.js';
import { registeredFrame } from '../../modules/wallets/testing/testFrame.js';
import { webhookReceiver } from '../../modules/webhooks/testing/webhookReceiver.js';
import { WebhookWorker } from '../../modules/webhooks/WebhookWorker.js';
import { forEachBackend, type TestServer } from '../../test/harness.js';
import { stepUpForTest } from '../stepUp/testing/stepUpForTest.js';
import { securityEventProbe, uniquePhone } from './testing/securityEventProbe.js';

type Receiver = Awaited<ReturnType<typeof webhookReceiver>>;

/** The app's secret (CLI) for the admin API. */
async function appSecret(server: TestServer, appId: string): Promise<string> {
  const printed: Array<{ secret: string }> = [];
  await runCommand(server.ctx, parseCommand(['apps', 'secret', 'create', appId]), (v) =>
    printed.push(v as { secret: string }),
  );
  return printed[0]!.secret;
}

forEachBackend('security events: login and MFA changes, the lists and the webhooks', (server) => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await webhookReceiver();
  });
  afterAll(() => receiver.close());

  it('each change is told to every channel (both addresses of an email change), listed, and sent as a webhook', async () => {
    const s = server();
    const { appId, clientId } = await s.createApp({
      name: 'Acme',
      config: { email_auth: true, sms_auth: true, mfa_methods: ['totp'] },
    });
    const probe = securityEventProbe(s);
    await probe.subscribe(appId, receiver.url);
    const client = passwordlessTestClient(s, appId, clientId);
    const email = uniqueEmail('changes');
    const frame = await registeredFrame(s, { appId, clientId }, { type: 'email', address: email });
    const token = frame.user.token;
    const userId = userIdOf(token);
    const codeFor = async (path: string, body: Record<string, string>, to: string) => {
      expect((await client.post(path, body, { token })).status).toBe(200);
      return client.latestCode(to);
    };

    // Each change steps up first with the login email (issue #24, stepUp/).
    const stepUp = (action: 'link' | 'update_login' | 'unlink') => stepUpForTest(s, frame.user, action);

    // account_linked: a phone (told to the email, the only channel then).
    await stepUp('link');
    const phone = uniquePhone();
    const smsCode = await codeFor(PASSWORDLESS_API.smsInit, { phoneNumber: phone, purpose: 'link' }, phone);
    expect((await client.post(PASSWORDLESS_API.smsLink, { phoneNumber: phone, code: smsCode }, { token })).status).toBe(
      200,
    );
    expect(await probe.notices(email, 'A login method was added to your account')).toHaveLength(1);

    // login_email_changed: told to the old and the new address (naming both) and to the phone.
    await stepUp('update_login');
    const moved = uniqueEmail('moved');
    const updateCode = await codeFor(PASSWORDLESS_API.emailInit, { email: moved, purpose: 'update' }, moved);
    const update = await client.post(
      PASSWORDLESS_API.emailUpdate,
      { oldAddress: email, newAddress: moved, code: updateCode },
      { token },
    );
    expect(update.status).toBe(200);
    for (const to of [email, moved]) {
      const [notice] = await probe.notices(to, moved);
      expect(notice?.subject).toBe('Your Acme login email was changed');
    }
    expect(await probe.notices(phone, 'Your Acme login email was changed')).toHaveLength(1);

    // mfa_enrolled and mfa_removed (the frame's custody routes).
    const secret = await enrollTotp(s, frame);
    expect(await probe.notices(moved, 'A verification method was added to your account')).toHaveLength(1);
    expect((await verifyTotp(frame, totpCode(s, secret), 'manage_mfa')).status).toBe(200);
    await stepUpToManageMfa(s, frame);
    expect((await frame.call('POST', MFA_API.unenroll, { method: 'totp' })).status).toBe(200);
    expect(await probe.notices(phone, 'A verification method was removed from your account')).toHaveLength(1);

    // account_unlinked: the phone (told to it too, while it is still linked).
    await stepUp('unlink');
    expect((await client.post(PASSWORDLESS_API.smsUnlink, { phoneNumber: phone }, { token })).status).toBe(200);
    expect(await probe.notices(phone, 'A login method was removed from your account')).toHaveLength(1);
    expect(await probe.notices(moved, 'A login method was removed from your account')).toHaveLength(1);

    // The user's list: newest first, each type with its masked detail; the admin API reads the same.
    const mine = await probe.mine(appId, clientId, token);
    expect(mine.status).toBe(200);
    expect(mine.body.events.map((e) => e.type)).toEqual([
      'account_unlinked',
      'mfa_removed',
      'mfa_enrolled',
      'login_email_changed',
      'account_linked',
      'device_registered',
    ]);
    const byType = (type: string) => mine.body.events.find((e) => e.type === type) as WireSecurityEvent;
    expect(byType('login_email_changed').detail).toEqual({
      identifier: `c•••@example.com`,
      new_identifier: `m•••@example.com`,
    });
    expect(byType('account_unlinked').detail).toEqual({
      account_type: 'phone',
      identifier: `•••••••${phone.slice(-4)}`,
    });
    expect(byType('mfa_enrolled').detail).toEqual({ mfa_method: 'totp' });
    expect(mine.body.next_before).toBeNull();
    // A page before the third event: the older ones.
    const older = await probe.mine(appId, clientId, token, mine.body.events[2]?.id);
    expect(older.body.events.map((e) => e.id)).toEqual(mine.body.events.slice(3).map((e) => e.id));

    const secretKey = await appSecret(s, appId);
    const basic = `Basic ${Buffer.from(`${appId}:${secretKey}`).toString('base64')}`;
    const adminRes = await s.call('GET', ADMIN_API.userSecurityEvents(`did:latch:${userId}`), {
      headers: { authorization: basic },
    });
    expect(adminRes.status).toBe(200);
    expect((await adminRes.json()).events).toEqual(mine.body.events);
    const noAuth = await s.call('GET', ADMIN_API.userSecurityEvents(userId));
    expect(noAuth.status).toBe(401);

    // Another user's token sees none of these, and cannot page through them.
    const other = await registeredFrame(s, { appId, clientId }, { type: 'email', address: uniqueEmail('other') });
    const theirs = await probe.mine(appId, clientId, other.user.token);
    expect(theirs.body.events.map((e) => e.type)).toEqual(['device_registered']);
    expect(theirs.body.events[0]?.id).not.toBe(mine.body.events.at(-1)?.id);
    const foreignPage = await probe.mine(appId, clientId, other.user.token, mine.body.events[0]?.id);
    expect(foreignPage.body.events).toEqual([]);
    expect((await probe.mine(appId, clientId, other.user.token, 'not-an-id')).status).toBe(400);

    // Webhooks: one security.* event per row, carrying the event; no token, code or secret anywhere.
    receiver.received.length = 0;
    await new WebhookWorker(s.ctx).runOnce();
    const events = receiver.received.map((r) => JSON.parse(r.body) as LatchWebhookEvent);
    const security = events.filter((e) => e.type.startsWith('security.') && e.data.user?.id === `did:latch:${userId}`);
    expect(security.map((e) => e.data.security_event?.id).sort()).toEqual(mine.body.events.map((e) => e.id).sort());
    const everything = [JSON.stringify(mine.body), ...receiver.received.map((r) => r.body)].join('\n');
    for (const secretText of [token, frame.user.refreshToken, smsCode, updateCode, secret]) {
      expect(everything).not.toContain(secretText);
    }
  });
});
