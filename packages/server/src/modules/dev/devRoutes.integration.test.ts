import { DEV_API, IDENTITY_API } from '@latch/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, forEachBackend, type TestServer } from '../../test/harness.js';

forEachBackend('dev endpoints (dev mode)', (server) => {
  it('POST /api/v1/dev/apps creates an app the config endpoint serves; PATCH changes it', async () => {
    const created = await server().call('POST', '/api/v1/dev/apps', {
      body: { name: 'E2E', allowed_origins: ['http://localhost:15173'], config: { sms_auth: true }, max_users: 5 },
    });
    expect(created.status).toBe(201);
    const { app_id, client_id } = await created.json();
    expect(app_id).toHaveLength(25);
    expect(client_id).toMatch(/^client-/);
    const config = await (await server().call('GET', IDENTITY_API.appConfig(app_id))).json();
    expect(config).toMatchObject({ name: 'E2E', email_auth: true, sms_auth: true });
    const patched = await server().call('PATCH', `/api/v1/dev/apps/${app_id}`, {
      body: { config: { require_users_accept_terms: true, sms_auth: false }, allowlist: ['a@example.com'] },
    });
    expect(patched.status).toBe(200);
    const after = await (await server().call('GET', IDENTITY_API.appConfig(app_id))).json();
    expect(after).toMatchObject({ require_users_accept_terms: true, sms_auth: false, email_auth: true });
    const app = await server().ctx.apps.require(app_id);
    expect(app.allowlist).toEqual(['a@example.com']);
    expect(app.maxUsers).toBe(5);
  });

  it('refuses configs that break SPEC §5 and changes nothing', async () => {
    const before = await server().tableCounts();
    for (const body of [
      { config: { email_auth: false } },
      { config: { captcha_site_key: 'no-prefix' } },
      { config: { unknown_flag: true } },
      { allowed_origins: ['not an origin'] },
      { allowed_origins: ['https://*.example.com'] },
      // Settings this release does not act on (captcha: the widget sends no token yet).
      { config: { captcha_enabled: true, captcha_site_key: 't:key' } },
      // OAuth and Telegram without the app's credentials (auth/credentials/methodCredentialsCheck.ts).
      { config: { google_oauth: true } },
      // MFA (issue #13): only the three methods, and "required" / "protects signing" need one of them.
      { config: { mfa_methods: ['email'] } },
      { config: { mfa_required: true } },
      { config: { mfa_protects_signing: true } },
      { config: { telegram_auth: true, telegram_auth_config: { bot_id: '1', bot_name: 'bot' } } },
      { max_users: -1 },
      // Larger than the integer column: once a 500 (found by the property test), now a clear 400.
      { max_users: 2_147_483_648 },
      { max_users: 2322125637096013 },
      { name: 42 },
    ]) {
      const res = await server().call('POST', '/api/v1/dev/apps', { body });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe('invalid_data');
    }
    // The on-ramp without the app's provider keys (modules/onRamp/onRampConfigCheck.ts): its own code.
    const onRamp = await server().call('POST', '/api/v1/dev/apps', {
      body: { config: { fiat_on_ramp_enabled: true } },
    });
    expect([onRamp.status, (await onRamp.json()).error]).toEqual([409, 'on_ramp_not_configured']);
    expect(await server().tableCounts()).toEqual(before);
    const captcha = await server().call('POST', '/api/v1/dev/apps', { body: { config: { captcha_site_key: 'abc' } } });
    expect((await captcha.json()).message).toBe('Unsupported captcha site key');
    const { app_id } = await (await server().call('POST', '/api/v1/dev/apps', { body: {} })).json();
    const enable = await server().call('PATCH', `/api/v1/dev/apps/${app_id}`, {
      body: { config: { captcha_enabled: true } },
    });
    // The self-hosted proof-of-work needs nothing more (docs/captcha.md); Turnstile needs the app's secret first.
    expect(enable.status).toBe(200);
    expect((await server().ctx.apps.require(app_id, { fresh: true })).config.captcha_enabled).toBe(true);
    const turnstile = await server().call('PATCH', `/api/v1/dev/apps/${app_id}`, {
      body: { config: { captcha_site_key: 't:1x00000000000000000000AA' } },
    });
    expect(turnstile.status).toBe(400);
    const tooMany = await server().call('PATCH', `/api/v1/dev/apps/${app_id}`, { body: { max_users: 2_147_483_648 } });
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).message).toBe(
      'max_users must be a whole number from 0 to 2147483647, or null for no cap.',
    );
    expect((await server().ctx.apps.require(app_id, { fresh: true })).maxUsers).toBeNull();
  });

  it('PATCH of a malformed or unknown app id answers invalid_app_id / app_not_found', async () => {
    expect((await server().call('PATCH', '/api/v1/dev/apps/short', { body: {} })).status).toBe(400);
    expect((await server().call('PATCH', `/api/v1/dev/apps/${'z'.repeat(25)}`, { body: {} })).status).toBe(404);
  });

  it('lists what the delivery sent in the outbox, newest first, as JSON and as a page', async () => {
    await server().ctx.delivery.sendEmail({
      to: 'a@example.com',
      subject: 'Your code',
      text: 'Code 123456',
      code: '123456',
    });
    await server().ctx.delivery.sendSms({ to: '+14155550100', text: 'Code 654321', code: '654321' });
    const list = await (await server().call('GET', DEV_API.outbox)).json();
    expect(list[0]).toMatchObject({ channel: 'sms', recipient: '+14155550100', code: '654321' });
    expect(list[1]).toMatchObject({
      channel: 'email',
      recipient: 'a@example.com',
      code: '123456',
      subject: 'Your code',
    });
    expect(typeof list[0].sent_at).toBe('string');
    const page = await server().call('GET', '/dev/outbox');
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('654321');
    expect(html).toContain('a@example.com');
  });

  it('sets and removes login credentials as the CLI does, never answering the secret; an unknown method is refused', async () => {
    const { app_id } = await (await server().call('POST', '/api/v1/dev/apps', { body: { name: 'Creds' } })).json();
    const path = (method: string) => DEV_API.loginCredentials(app_id, method);
    const set = await server().call('PUT', path('telegram'), {
      body: { public_config: { bot_username: 'latch_bot' }, secret: 'bot-token' },
    });
    expect(await set.json()).toEqual({
      app_id,
      method: 'telegram',
      public_config: { bot_username: 'latch_bot' },
      has_secret: true,
    });
    const unknown = await server().call('PUT', path('myspace'), { body: { public_config: {}, secret: null } });
    expect({ status: unknown.status, error: (await unknown.json()).error }).toEqual({
      status: 400,
      error: 'invalid_data',
    });
    const removed = await server().call('DELETE', path('telegram'));
    expect(await removed.json()).toEqual({ app_id, method: 'telegram', removed: true });
    const again = await server().call('DELETE', path('telegram'));
    expect(await again.json()).toEqual({ app_id, method: 'telegram', removed: false });
  });
});

// Dev paths answer this machine only: a page the developer happens to visit must neither read the
// outbox (every login code) nor add its origin to an app, and a rebound host name must not pass.
forEachBackend('dev endpoints refuse other origins', (server) => {
  const refused = async (res: Response) => {
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const body = await res.json();
    expect(body.error).toBe('invalid_origin');
    expect(JSON.stringify(body)).not.toContain('424242');
  };

  it('a foreign, null or look-alike origin cannot read the outbox, nor preflight it', async () => {
    await server().ctx.delivery.sendEmail({
      to: 'v@example.com',
      subject: 'Code',
      text: 'Code 424242',
      code: '424242',
    });
    for (const origin of [
      'https://evil.example',
      'null',
      'http://localhost.evil.example:8787',
      'http://127.0.0.1.nip.io:5173',
      'http://192.168.1.20:5173',
    ]) {
      await refused(await server().call('GET', DEV_API.outbox, { headers: { origin } }));
      await refused(await server().call('GET', '/dev/outbox', { headers: { origin } }));
      await refused(
        await server().call('OPTIONS', DEV_API.outbox, {
          headers: { origin, 'access-control-request-method': 'GET' },
        }),
      );
    }
  });

  it('a cross-site POST or PATCH (even a simple text/plain one) changes nothing', async () => {
    const { appId } = await server().createApp({ allowedOrigins: ['http://localhost:5173'] });
    const before = await server().tableCounts();
    const origin = 'https://evil.example';
    const body = JSON.stringify({ allowed_origins: [origin] });
    await refused(
      await server().call('POST', '/api/v1/dev/apps', {
        rawBody: body,
        headers: { origin, 'content-type': 'text/plain' },
      }),
    );
    await refused(
      await server().call('PATCH', `/api/v1/dev/apps/${appId}`, {
        rawBody: body,
        headers: { origin, 'content-type': 'text/plain' },
      }),
    );
    await refused(
      await server().call('OPTIONS', '/api/v1/dev/apps', {
        headers: { origin, 'access-control-request-method': 'POST' },
      }),
    );
    expect(await server().tableCounts()).toEqual(before);
    expect((await server().ctx.apps.require(appId, { fresh: true })).allowedOrigins).toEqual(['http://localhost:5173']);
  });

  it('a page whose host name was rebound to 127.0.0.1 is refused (its same-origin GET sends no Origin)', async () => {
    await refused(await server().call('GET', DEV_API.outbox, { headers: { host: 'evil.example:8787' } }));
    await refused(await server().call('GET', '/dev/outbox', { headers: { host: 'rebind.evil.example' } }));
  });

  it('loopback origins, the server’s own and clients without Origin are served', async () => {
    for (const origin of [
      'http://localhost:5173',
      'http://127.0.0.1:3000',
      'http://[::1]:8080',
      'http://localhost:8787',
    ]) {
      const res = await server().call('GET', DEV_API.outbox, { headers: { origin, host: 'localhost:8787' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      const preflight = await server().call('OPTIONS', '/api/v1/dev/apps', {
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    }
    for (const host of ['127.0.0.1:8787', '[::1]:8787', 'localhost']) {
      expect((await server().call('GET', DEV_API.outbox, { headers: { host } })).status).toBe(200);
    }
    const created = await server().call('POST', '/api/v1/dev/apps', { body: {} });
    expect(created.status).toBe(201);
  });
});

describe('dev endpoints outside dev mode', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ dev: false });
  });
  afterAll(() => server.close());

  it('answer 404 not_found', async () => {
    for (const [method, path] of [
      ['GET', DEV_API.outbox],
      ['GET', '/dev/outbox'],
      ['POST', '/api/v1/dev/apps'],
      ['PATCH', `/api/v1/dev/apps/${'a'.repeat(25)}`],
    ] as const) {
      const res = await server.call(method, path, { body: {} });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: 'not_found' });
    }
    expect(await server.tableCounts()).toMatchObject({ apps: 0 });
  });
});
