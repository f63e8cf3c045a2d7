import { HEADER, IDENTITY_API, PASSWORDLESS_API } from '@latch/protocol';
import { expect, it } from 'vitest';
import { forEachBackend, widgetHeaders } from '../../test/harness.js';

const ALLOWED = 'https://app.example';
const EVIL = 'https://evil.example';

forEachBackend('resolveApp: the request app, resolved once', (server) => {
  it('serves the app of the path, whatever app the header names', async () => {
    const a = await server().createApp({ name: 'Path app' });
    const b = await server().createApp({ name: 'Header app' });
    const res = await server().call('GET', IDENTITY_API.appConfig(a.appId), { headers: { [HEADER.appId]: b.appId } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: string }).id).toBe(a.appId);
  });

  it('checks the Origin against the app of a token sent without the app header', async () => {
    const { appId } = await server().createApp({ allowedOrigins: [ALLOWED] });
    const { token } = await server().signIn(appId, { type: 'email', address: 'token-only@example.com' });
    const call = (origin: string) =>
      server().call('GET', IDENTITY_API.me, { headers: { authorization: `Bearer ${token}`, origin } });
    const refused = await call(EVIL);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: 'invalid_origin' });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    const allowed = await call(ALLOWED);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ALLOWED);
  });

  it('lets a refused page read the app-config refusal (so a dev build can name the origin), and nothing else', async () => {
    const { appId } = await server().createApp({ name: 'Secret name', allowedOrigins: [ALLOWED] });
    const refused = await server().call('GET', IDENTITY_API.appConfig(appId), { headers: { origin: EVIL } });
    expect(refused.status).toBe(403);
    const body = (await refused.json()) as Record<string, unknown>;
    expect(body.error).toBe('invalid_origin');
    // The refusal carries the code, never the app: no name, id, key or method flag.
    expect(Object.keys(body).filter((key) => key !== 'error' && key !== 'message')).toEqual([]);
    expect(JSON.stringify(body)).not.toContain('Secret name');
    expect(refused.headers.get('access-control-allow-origin')).toBe(EVIL);
    expect(refused.headers.get('access-control-allow-credentials')).toBeNull();
    expect(refused.headers.get('vary')).toContain('Origin');
    // Other routes of the app, and the preflight, still answer a refused origin without CORS headers.
    const jwks = await server().call('GET', `${IDENTITY_API.appConfig(appId)}/jwks.json`, {
      headers: { origin: EVIL },
    });
    expect(jwks.status).toBe(403);
    expect(jwks.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await server().call('OPTIONS', IDENTITY_API.appConfig(appId), {
      headers: { origin: EVIL, 'access-control-request-method': 'GET', 'access-control-request-headers': HEADER.appId },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    // The allowed origin reads the config as before.
    const allowed = await server().call('GET', IDENTITY_API.appConfig(appId), { headers: { origin: ALLOWED } });
    expect(allowed.status).toBe(200);
    expect(((await allowed.json()) as { name: string }).name).toBe('Secret name');
  });

  it('refuses a client id of another app, and a malformed or unknown app with its own error', async () => {
    const a = await server().createApp();
    const b = await server().createApp();
    const body = { email: 'x@example.com', code: '123456' };
    const wrongClient = await server().call('POST', PASSWORDLESS_API.emailAuthenticate, {
      headers: widgetHeaders(a.appId, b.clientId),
      body,
    });
    expect(wrongClient.status).toBe(403);
    expect(await wrongClient.json()).toMatchObject({ error: 'invalid_client_id' });
    const malformed = await server().call('POST', PASSWORDLESS_API.emailAuthenticate, {
      headers: { [HEADER.appId]: 'x' },
      body,
    });
    expect(await malformed.json()).toMatchObject({ error: 'invalid_app_id' });
    const unknown = await server().call('POST', PASSWORDLESS_API.emailAuthenticate, {
      headers: { [HEADER.appId]: 'z'.repeat(25) },
      body,
    });
    expect(await unknown.json()).toMatchObject({ error: 'app_not_found' });
    // A user route answers 401 whatever is wrong with the app.
    const me = await server().call('GET', IDENTITY_API.me, {
      headers: { [HEADER.appId]: 'x', authorization: 'Bearer t' },
    });
    expect(me.status).toBe(401);
  });
});
