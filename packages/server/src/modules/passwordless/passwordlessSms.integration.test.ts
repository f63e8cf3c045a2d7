import { PASSWORDLESS_API, type TokenResponse, type WireUser } from '@latch/protocol';
import { afterAll, expect, it } from 'vitest';
import { stepUpForTest } from '../../identity/stepUp/testing/stepUpForTest.js';
import { startLoopbackTwilio } from '../../kernel/delivery/testing/loopbackTwilio.js';
import { forEachBackend, type TestServer } from '../../test/harness.js';
import { passwordlessTestClient } from './testing/passwordlessTestClient.js';

// A stand-in for api.twilio.com, so these servers really send their SMS (and also record them in the dev outbox).
const twilio = await startLoopbackTwilio();
afterAll(() => twilio.close());

let nextNumber = 100;
/** A fresh valid US number (415-555-01xx are fictional numbers) per test. */
const uniqueNumber = () => `+1415555${String(nextNumber++).padStart(4, '0')}`;

async function setup(server: TestServer, config: Record<string, unknown> = {}) {
  const { appId, clientId } = await server.createApp({ name: 'Acme', config: { sms_auth: true, ...config } });
  return { appId, clientId, client: passwordlessTestClient(server, appId, clientId) };
}

forEachBackend(
  'passwordless SMS',
  (server) => {
    it('logs in with the texted code; numbers are normalised to E.164 and sent through Twilio', async () => {
      const { client } = await setup(server());
      const number = uniqueNumber();
      const typed = `+1 (${number.slice(2, 5)}) ${number.slice(5, 8)}-${number.slice(8)}`;
      const init = await client.post(PASSWORDLESS_API.smsInit, { phoneNumber: typed });
      expect(init.status).toBe(200);
      expect(await init.json()).toEqual({ success: true });
      const code = await client.latestCode(number);
      const sent = twilio.requests.filter((r) => r.form.To === number);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.form.Body).toBe(
        `${code} is your login code for Acme. It expires in 10 minutes. Don't share it with anyone.`,
      );

      const auth = await client.post(PASSWORDLESS_API.smsAuthenticate, { phoneNumber: number, code });
      expect(auth.status).toBe(200);
      const session = (await auth.json()) as TokenResponse;
      expect(session.is_new_user).toBe(true);
      expect(session.user.linked_accounts).toEqual([expect.objectContaining({ type: 'phone', phone_number: number })]);
      const replay = await client.post(PASSWORDLESS_API.smsAuthenticate, { phoneNumber: typed, code });
      expect(replay.status).toBe(422);
    });

    it('answers 400 invalid_data for numbers that are not valid international numbers, sending nothing', async () => {
      const { client } = await setup(server());
      const before = twilio.requests.length;
      for (const phoneNumber of ['4155550100', '+1 415 555', '+999123456', '+1 415 555 0100 ext. 7', 'call me']) {
        const res = await client.post(PASSWORDLESS_API.smsInit, { phoneNumber });
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({ error: 'invalid_data' });
      }
      expect(twilio.requests.length).toBe(before);
    });

    it('answers twilio_verification_failed when Twilio refuses the message', async () => {
      const { client } = await setup(server());
      twilio.failNext({ status: 400, body: { code: 21614, message: "'To' number is not a valid mobile number" } });
      const res = await client.post(PASSWORDLESS_API.smsInit, { phoneNumber: uniqueNumber() });
      expect(res.status).toBe(502);
      expect(await res.json()).toMatchObject({ error: 'twilio_verification_failed' });
    });

    it('refuses SMS endpoints when the app has SMS login off', async () => {
      const { client } = await setup(server(), { sms_auth: false });
      const res = await client.post(PASSWORDLESS_API.smsInit, { phoneNumber: uniqueNumber() });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ error: 'disallowed_login_method' });
    });

    it('links and unlinks a phone number for the signed-in user', async () => {
      const { appId, clientId, client } = await setup(server());
      const session = await server().signIn(appId, { type: 'email', address: `sms-link-${nextNumber}@example.com` });
      const caller = { appId, clientId, token: session.token! };
      await stepUpForTest(server(), caller, 'link');
      const number = uniqueNumber();
      await client.post(PASSWORDLESS_API.smsInit, { phoneNumber: number, purpose: 'link' }, { token: session.token! });
      const code = await client.latestCode(number);
      const wrong = await client.post(
        PASSWORDLESS_API.smsLink,
        { phoneNumber: number, code: code === '000000' ? '000001' : '000000' },
        { token: session.token! },
      );
      expect(wrong.status).toBe(422);
      const linked = await client.post(
        PASSWORDLESS_API.smsLink,
        { phoneNumber: number, code },
        { token: session.token! },
      );
      expect(linked.status).toBe(200);
      expect(((await linked.json()) as WireUser).linked_accounts).toContainEqual(
        expect.objectContaining({ type: 'phone', phone_number: number }),
      );
      const formatted = `+1 ${number.slice(2, 5)} ${number.slice(5, 8)} ${number.slice(8)}`;
      await stepUpForTest(server(), caller, 'unlink');
      const unlinked = await client.post(
        PASSWORDLESS_API.smsUnlink,
        { phoneNumber: formatted },
        { token: session.token! },
      );
      expect(unlinked.status).toBe(200);
      expect(((await unlinked.json()) as WireUser).linked_accounts.map((a) => a.type)).toEqual(['email']);
      const anonymous = await client.post(PASSWORDLESS_API.smsUnlink, { phoneNumber: number });
      expect(anonymous.status).toBe(401);
    });

    it('refuses to link a number another user logs in with', async () => {
      const { appId, clientId, client } = await setup(server());
      const number = uniqueNumber();
      await server().signIn(appId, { type: 'phone', phone_number: number });
      const other = await server().signIn(appId, { type: 'email', address: `other-${nextNumber}@example.com` });
      await stepUpForTest(server(), { appId, clientId, token: other.token! }, 'link');
      await client.post(PASSWORDLESS_API.smsInit, { phoneNumber: number, purpose: 'link' }, { token: other.token! });
      const res = await client.post(
        PASSWORDLESS_API.smsLink,
        { phoneNumber: number, code: await client.latestCode(number) },
        { token: other.token! },
      );
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ error: 'linked_to_another_user' });
    });
  },
  {
    settings: {
      twilioBaseUrl: twilio.baseUrl,
      twilioAccountSid: twilio.accountSid,
      twilioAuthToken: twilio.authToken,
      twilioFrom: '+15005550006',
    },
  },
);
