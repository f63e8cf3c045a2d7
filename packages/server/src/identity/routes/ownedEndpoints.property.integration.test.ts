import { ANALYTICS_API, DEV_API, IDENTITY_API, JWKS_PATH } from '@latch/protocol';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { forEachBackend, widgetHeaders } from '../../test/harness.js';

/** Every endpoint of the core server that takes input, with the methods it answers. */
const endpoints = (appId: string) => [
  { method: 'POST', path: IDENTITY_API.sessions },
  { method: 'POST', path: IDENTITY_API.logout },
  { method: 'POST', path: IDENTITY_API.fork },
  { method: 'GET', path: IDENTITY_API.me },
  { method: 'POST', path: IDENTITY_API.acceptTerms },
  { method: 'POST', path: ANALYTICS_API.events },
  { method: 'GET', path: IDENTITY_API.appConfig(appId) },
  { method: 'GET', path: JWKS_PATH(appId) },
  { method: 'POST', path: '/api/v1/dev/apps' },
  { method: 'PATCH', path: `/api/v1/dev/apps/${appId}` },
  { method: 'GET', path: DEV_API.outbox },
];

/** Bodies: random JSON, JSON with the right keys but wrong values, and text that is not JSON at all. */
const keys = [
  'refresh_token',
  'event_name',
  'client_id',
  'payload',
  'name',
  'config',
  'allowed_origins',
  'allowlist',
  'max_users',
  'access_token_ttl_seconds',
];
const body = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.dictionary(fc.constantFrom(...keys), fc.jsonValue()).map((v) => JSON.stringify(v)),
  fc.record({ config: fc.dictionary(fc.string({ maxLength: 30 }), fc.jsonValue()) }).map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }),
  fc.constantFrom('', '{', '[]', 'null', '{"refresh_token":', '\u0000', '{"__proto__":{"x":1}}'),
);
const header = fc.oneof(
  fc.constant(undefined),
  fc.string({ maxLength: 40 }),
  fc.constantFrom('a'.repeat(25), 'Bearer x.y.z'),
);

forEachBackend('property: malformed input never yields a 500 and never changes data', (server) => {
  it('holds for random bodies and headers on every owned endpoint', async () => {
    const { appId, clientId } = await server().createApp();
    const session = await server().signIn(appId, { type: 'email', address: 'prop@example.com' });
    const before = await server().tableCounts();
    let appsCreated = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...endpoints(appId)),
        body,
        header,
        header,
        fc.boolean(),
        async (endpoint, rawBody, randomAppId, randomAuth, withRealHeaders) => {
          const headers: Record<string, string> = withRealHeaders ? widgetHeaders(appId, clientId) : {};
          if (randomAppId !== undefined) headers['latch-app-id'] = randomAppId;
          if (randomAuth !== undefined) headers.authorization = randomAuth;
          headers['content-type'] = 'application/json';
          const res = await server().call(endpoint.method, endpoint.path, {
            rawBody: endpoint.method === 'GET' ? undefined : rawBody,
            headers,
          });
          expect(res.status, `${endpoint.method} ${endpoint.path} ${rawBody}`).toBeLessThan(500);
          if (res.status === 201) appsCreated++;
          if (res.status >= 400) {
            const json = await res.json();
            expect(typeof json.error).toBe('string');
            expect(typeof json.message).toBe('string');
          }
        },
      ),
      { numRuns: 500 },
    );
    const after = await server().tableCounts();
    expect(after).toEqual({
      ...before,
      apps: before.apps! + appsCreated,
      app_clients: before.app_clients! + appsCreated,
      app_signing_keys: before.app_signing_keys! + appsCreated,
    });
    // The session used above is untouched: random refresh tokens never matched or revoked it.
    const me = await server().call('GET', IDENTITY_API.me, { headers: widgetHeaders(appId, clientId, session.token!) });
    expect(me.status).toBe(200);
  });
});
