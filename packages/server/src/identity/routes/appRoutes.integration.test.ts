import { IDENTITY_API, JWKS_PATH, toAppConfig } from '@latch/protocol';
import { importSPKI, jwtVerify } from 'jose';
import { expect, it } from 'vitest';
import { forEachBackend, widgetHeaders } from '../../test/harness.js';

forEachBackend('GET /api/v1/apps/{appId}', (server) => {
  it('serves the config of SPEC §3 from the database, with the PEM verification key', async () => {
    const { appId, clientId } = await server().createApp({
      name: 'Acme',
      config: { sms_auth: true, accent_color: '#112233', login_message: 'Welcome' },
      allowedOrigins: ['http://localhost:5173'],
    });
    const res = await server().call('GET', IDENTITY_API.appConfig(appId), { headers: widgetHeaders(appId, clientId) });
    expect(res.status).toBe(200);
    const config = await res.json();
    expect(config).toMatchObject({ id: appId, name: 'Acme', email_auth: true, sms_auth: true, wallet_auth: false });
    expect(config.accent_color).toBe('#112233');
    expect(config.verification_key).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----/);
    expect(typeof config.created_at).toBe('number');
    expect(toAppConfig(config).loginMethods).toEqual(['email', 'sms']);
  });

  it('serves an update and a rotated signing key on the next read (the built config is kept per record and key)', async () => {
    const { appId, clientId } = await server().createApp({ name: 'Before', config: { accent_color: '#112233' } });
    const read = async () =>
      (await server().call('GET', IDENTITY_API.appConfig(appId), { headers: widgetHeaders(appId, clientId) })).json();
    const first = await read();
    expect(await read()).toEqual(first);
    await server().ctx.apps.update(appId, { name: 'After', config: { accent_color: '#445566' } });
    expect(await read()).toMatchObject({
      name: 'After',
      accent_color: '#445566',
      verification_key: first.verification_key,
    });
    await server().ctx.keys.rotate(appId, 3600);
    const rotated = await read();
    expect(rotated.verification_key).not.toBe(first.verification_key);
    expect(rotated).toMatchObject({ name: 'After', accent_color: '#445566' });
  });

  it('answers 400 invalid_app_id for a malformed id and 404 app_not_found for an unknown one', async () => {
    const short = await server().call('GET', IDENTITY_API.appConfig('abc'));
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ error: 'invalid_app_id' });
    const unknown = await server().call('GET', IDENTITY_API.appConfig('a'.repeat(25)));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: 'app_not_found' });
  });

  it('allows CORS from the app origins only, with the widget headers', async () => {
    const { appId, clientId } = await server().createApp({ allowedOrigins: ['http://localhost:5173'] });
    const preflight = await server().call('OPTIONS', IDENTITY_API.appConfig(appId), {
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'latch-app-id,latch-client-id,latch-ca-id,latch-client,authorization',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const allowedHeaders = preflight.headers.get('access-control-allow-headers') ?? '';
    for (const h of ['latch-app-id', 'latch-client-id', 'latch-ca-id', 'latch-client', 'authorization']) {
      expect(allowedHeaders).toContain(h);
    }
    const ok = await server().call('GET', IDENTITY_API.appConfig(appId), {
      headers: { ...widgetHeaders(appId, clientId), origin: 'http://localhost:5173' },
    });
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    // Error bodies must be readable cross-origin too: the widget shows screens from their codes.
    const denied = await server().call('GET', IDENTITY_API.me, {
      headers: { ...widgetHeaders(appId, clientId), origin: 'http://localhost:5173' },
    });
    expect(denied.status).toBe(401);
    expect(denied.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(denied.headers.get('access-control-expose-headers')).toContain('Retry-After');
    const evil = await server().call('GET', IDENTITY_API.appConfig(appId), {
      headers: { ...widgetHeaders(appId, clientId), origin: 'https://evil.example' },
    });
    expect(evil.status).toBe(403);
    // The refusal alone is readable by the refused origin (the widget's dev hint names the origin to add):
    // no credentials, and a body with nothing of the app's config.
    expect(evil.headers.get('access-control-allow-origin')).toBe('https://evil.example');
    expect(evil.headers.get('access-control-allow-credentials')).toBeNull();
    expect(Object.keys(await evil.json()).sort()).toEqual(['error', 'message']);
    const evilPreflight = await server().call('OPTIONS', IDENTITY_API.appConfig(appId), {
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(evilPreflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a client id of another app', async () => {
    const a = await server().createApp();
    const b = await server().createApp();
    const res = await server().call('GET', IDENTITY_API.appConfig(a.appId), {
      headers: widgetHeaders(a.appId, b.clientId),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'invalid_client_id' });
    const second = await server().ctx.apps.addClient(a.appId);
    const ok = await server().call('GET', IDENTITY_API.appConfig(a.appId), { headers: widgetHeaders(a.appId, second) });
    expect(ok.status).toBe(200);
  });

  it('publishes a JWKS that verifies the tokens it issues, and the PEM does too', async () => {
    const { appId } = await server().createApp();
    const session = await server().signIn(appId, { type: 'email', address: 'jwks@example.com' });
    const jwks = await (await server().call('GET', JWKS_PATH(appId))).json();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(jwks.keys[0].d).toBeUndefined();
    const config = await (await server().call('GET', IDENTITY_API.appConfig(appId))).json();
    const { payload } = await jwtVerify(session.token!, await importSPKI(config.verification_key, 'ES256'), {
      audience: appId,
      issuer: 'http://localhost:8787',
      currentDate: server().clock.now(),
    });
    expect(payload.sub).toBe(session.user.id);
    expect(payload.sub).toMatch(/^did:latch:[a-z0-9]{25}$/);
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect(typeof payload.sid).toBe('string');
  });
});
