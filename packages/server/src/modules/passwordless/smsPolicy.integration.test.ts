import { PASSWORDLESS_API } from '@latch/protocol';
import { afterAll, expect, it } from 'vitest';
import { startLoopbackTwilio } from '../../kernel/delivery/testing/loopbackTwilio.js';
import { forEachBackend, type TestServer } from '../../test/harness.js';
import { passwordlessTestClient } from './testing/passwordlessTestClient.js';

// A stand-in for api.twilio.com: these servers really send their SMS, so "nothing was sent" is observable.
const twilio = await startLoopbackTwilio();
afterAll(() => twilio.close());
const twilioSettings = {
  twilioBaseUrl: twilio.baseUrl,
  twilioAccountSid: twilio.accountSid,
  twilioAuthToken: twilio.authToken,
  twilioFrom: '+15005550006',
};
// One Twilio serves every backend's block, so counts are taken around the request.
const sentTo = (number: string) => twilio.requests.filter((r) => r.form.To === number).length;

/** Asks for an SMS code; returns the status and how many messages went to the number meanwhile. */
async function init(
  client: { post: (path: string, body: unknown) => Response | Promise<Response> },
  phoneNumber: string,
) {
  const before = sentTo(phoneNumber);
  const response = await client.post(PASSWORDLESS_API.smsInit, { phoneNumber });
  return { response, status: response.status, sent: sentTo(phoneNumber) - before };
}

async function smsApp(server: TestServer, config: Record<string, unknown> = {}) {
  const { appId, clientId } = await server.createApp({ name: 'Acme', config: { sms_auth: true, ...config } });
  return { appId, client: passwordlessTestClient(server, appId, clientId) };
}

async function expectRefused(response: Response, error: string, status: number) {
  expect(response.status).toBe(status);
  expect(await response.json()).toMatchObject({ error });
}

forEachBackend(
  'SMS pumping: countries and number types',
  (server) => {
    it('refuses satellite and other non-geographic numbers with not_supported, sending nothing', async () => {
      const { client } = await smsApp(server());
      // Iridium (+881), Inmarsat (+870), an international network (+883): valid numbers, no country.
      for (const number of ['+881612345678', '+870773111632', '+883510012345']) {
        const res = await client.post(PASSWORDLESS_API.smsInit, { phoneNumber: number });
        expect(res.status, number).toBe(422);
        expect(await res.json()).toMatchObject({
          error: 'not_supported',
          message: 'SMS authentication from this region is not available',
        });
        expect(sentTo(number)).toBe(0);
      }
    });

    it('refuses premium-rate, shared-cost and personal (forwarding) numbers', async () => {
      const { client } = await smsApp(server());
      for (const number of ['+19005551234', '+33891123456', '+33810123456', '+447012345678', '+18005551234']) {
        await expectRefused(await client.post(PASSWORDLESS_API.smsInit, { phoneNumber: number }), 'not_supported', 422);
        expect(sentTo(number)).toBe(0);
      }
    });

    it('sends only to the countries the app lists; in dev mode an app without a list sends anywhere', async () => {
      const listed = await smsApp(server(), { sms_allowed_countries: ['US', 'DE'] });
      const french = await init(listed.client, '+33612345678');
      await expectRefused(french.response, 'not_supported', 422);
      expect(french.sent).toBe(0);
      expect(await init(listed.client, '+4915212345678')).toMatchObject({ status: 200, sent: 1 });

      const unlisted = await smsApp(server());
      expect(await init(unlisted.client, '+33612345679')).toMatchObject({ status: 200, sent: 1 });
    });

    it('refuses a malformed country list naming the field', async () => {
      for (const countries of [['us'], ['USA'], ['XX']]) {
        await expect(smsApp(server(), { sms_allowed_countries: countries })).rejects.toThrow(
          /sms_allowed_countries.*ISO 3166-1 alpha-2/,
        );
      }
      await expect(smsApp(server(), { sms_allowed_countries: 'US' })).rejects.toThrow(/sms_allowed_countries/);
    });
  },
  { settings: twilioSettings },
);

forEachBackend(
  'SMS pumping: caps per country and per number prefix',
  (server) => {
    it('answers too_many_requests once a prefix, then a country, has had its sends', async () => {
      const { client } = await smsApp(server());
      // Two sends per 7-digit prefix (+1 415 555), three per country, per hour.
      for (const number of ['+14155550101', '+14155550102']) {
        expect((await client.post(PASSWORDLESS_API.smsInit, { phoneNumber: number })).status).toBe(200);
      }
      const overPrefix = await client.post(PASSWORDLESS_API.smsInit, { phoneNumber: '+14155550103' });
      await expectRefused(overPrefix, 'too_many_requests', 429);
      expect(Number(overPrefix.headers.get('retry-after'))).toBeGreaterThan(3000);
      expect(sentTo('+14155550103')).toBe(0);
      // Another prefix of the same country still gets one more send: the third of the country's three.
      expect((await client.post(PASSWORDLESS_API.smsInit, { phoneNumber: '+12125550101' })).status).toBe(200);
      await expectRefused(
        await client.post(PASSWORDLESS_API.smsInit, { phoneNumber: '+13125550101' }),
        'too_many_requests',
        429,
      );
      expect(sentTo('+13125550101')).toBe(0);
      // Other countries, and other apps, have caps of their own.
      expect((await client.post(PASSWORDLESS_API.smsInit, { phoneNumber: '+4915212345670' })).status).toBe(200);
      const other = await smsApp(server());
      expect((await other.client.post(PASSWORDLESS_API.smsInit, { phoneNumber: '+14155550104' })).status).toBe(200);
    });

    it('opens again once the window has passed', async () => {
      const { client } = await smsApp(server());
      await client.post(PASSWORDLESS_API.smsInit, { phoneNumber: '+16175550101' });
      await client.post(PASSWORDLESS_API.smsInit, { phoneNumber: '+16175550102' });
      await expectRefused(
        await client.post(PASSWORDLESS_API.smsInit, { phoneNumber: '+16175550103' }),
        'too_many_requests',
        429,
      );
      // Redis expires keys on its own clock: there the window is the contract test's (DurableCounters) to show.
      if (server().ctx.settings.redisUrl) return;
      server().clock.advance(3601_000);
      expect((await client.post(PASSWORDLESS_API.smsInit, { phoneNumber: '+16175550103' })).status).toBe(200);
    });
  },
  {
    settings: {
      ...twilioSettings,
      smsCaps: {
        perCountry: { points: 3, durationSec: 3600 },
        perPrefix: { points: 2, durationSec: 3600 },
        prefixDigits: 7,
      },
    },
  },
);

forEachBackend(
  'SMS pumping: outside dev mode',
  (server) => {
    it('refuses to turn sms_auth on without sms_allowed_countries', async () => {
      await expect(server().createApp({ config: { sms_auth: true } })).rejects.toThrow(/sms_allowed_countries/);
      await expect(server().createApp({ config: { sms_auth: true, sms_allowed_countries: [] } })).rejects.toThrow(
        /sms_allowed_countries/,
      );
      const { appId } = await server().createApp({ config: { sms_auth: false } });
      await expect(server().ctx.apps.update(appId, { config: { sms_auth: true } })).rejects.toThrow(
        /sms_allowed_countries/,
      );
    });

    it('sends to listed countries, and refuses every SMS of an app stored without a list', async () => {
      const { appId, client } = await smsApp(server(), { sms_allowed_countries: ['US'] });
      expect(await init(client, '+14155550111')).toMatchObject({ status: 200, sent: 1 });
      // An app saved before the rule (its config in the database has no list).
      await server()
        .db.updateTable('apps')
        .set({ config: JSON.stringify({ email_auth: true, sms_auth: true }) })
        .where('id', '=', appId)
        .execute();
      server().clock.advance(60_000); // past the app cache
      const refused = await init(client, '+14155550112');
      await expectRefused(refused.response, 'not_supported', 422);
      expect(refused.sent).toBe(0);
    });
  },
  { settings: { ...twilioSettings, dev: false } },
);
