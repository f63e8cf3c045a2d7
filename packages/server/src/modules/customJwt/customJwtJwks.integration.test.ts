import type { TokenResponse } from '@latch/protocol';
import { CUSTOM_JWT_API } from '@latch/protocol/oauth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { captureLogs } from '../../kernel/delivery/testing/captureLogs.js';
import { createTestServer, type TestServer, widgetHeaders } from '../../test/harness.js';
import { CustomJwtLogin, DEFAULT_JWKS_OPTIONS } from './CustomJwtLogin.js';
import { loopbackJwks } from './testing/loopbackJwks.js';

// The issuer's JWKS as the server fetches it: cached, refetched at most once per cooldown for unknown kids,
// and a JWKS URL that never answers refused within the timeout with nothing kept. Our own loopback issuer,
// whose behaviour and request count the tests control.

const logs = captureLogs('trace');
let server: TestServer;
let jwks: Awaited<ReturnType<typeof loopbackJwks>>;
beforeAll(async () => {
  server = await createTestServer({}, 'pglite', { logger: logs.logger });
  jwks = await loopbackJwks();
});
afterAll(async () => {
  await server?.close();
  await jwks?.close();
});

let serial = 0;
const sub = () => `jwks-user-${serial++}`;

async function app() {
  const { appId, clientId } = await server.createApp({
    config: {
      email_auth: true,
      custom_auth_config: {
        issuer: jwks.issuer,
        audience: 'loopback-app',
        algorithms: ['ES256'],
        jwks_url: jwks.jwksUrl,
      },
    },
  });
  return (token: string) =>
    server.call('POST', CUSTOM_JWT_API.authenticate, { body: { token }, headers: widgetHeaders(appId, clientId) });
}

it('fetches the JWKS once for many logins, and an unknown kid refetches nothing within the cooldown', async () => {
  server.ctx.customJwt = new CustomJwtLogin(server.ctx);
  const authenticate = await app();
  jwks.state.requests = 0;
  for (let i = 0; i < 5; i++) expect((await authenticate(await jwks.mint({ sub: sub() }))).status).toBe(200);
  expect(jwks.state.requests).toBe(1);
  // A flood of tokens naming unknown kids, each refused: no refetch within jose's cooldown of the last fetch.
  const [, payload, signature] = (await jwks.mint({ sub: sub() })).split('.');
  const unknownKid = Buffer.from(JSON.stringify({ alg: 'ES256', kid: 'rotated-away' })).toString('base64url');
  for (let i = 0; i < 5; i++) expect((await authenticate(`${unknownKid}.${payload}.${signature}`)).status).toBe(401);
  expect(jwks.state.requests).toBe(1);
});

it('refuses within the timeout when the JWKS URL hangs, keeps nothing, and works once it answers', async () => {
  server.ctx.customJwt = new CustomJwtLogin(server.ctx, undefined, { ...DEFAULT_JWKS_OPTIONS, timeoutMs: 500 });
  const authenticate = await app();
  jwks.state.mode = 'hang';
  const users = await server.tableCounts();
  const res = await authenticate(await jwks.mint({ sub: sub() }));
  expect(res.status).toBe(401);
  expect(await res.json()).toEqual({
    error: 'invalid_custom_token',
    message: 'The issuer’s JWKS (custom_auth_config.jwks_url) did not answer in time.',
  });
  expect((await server.tableCounts()).users).toBe(users.users);
  // Nothing of the failure is cached: the next login fetches again and succeeds.
  jwks.state.mode = 'serve';
  const ok = await authenticate(await jwks.mint({ sub: sub() }));
  expect(ok.status).toBe(200);
  expect(((await ok.json()) as TokenResponse).is_new_user).toBe(true);
  server.ctx.customJwt = new CustomJwtLogin(server.ctx);
});

it('never writes a token to the logs, even at trace level and on refusals', async () => {
  const authenticate = await app();
  const good = await jwks.mint({ sub: sub() });
  const [h, p] = good.split('.');
  const forged = `${h}.${p}.${'A'.repeat(86)}`;
  expect((await authenticate(good)).status).toBe(200);
  expect((await authenticate(forged)).status).toBe(401);
  const text = logs.lines.join('');
  expect(text).toContain(CUSTOM_JWT_API.authenticate);
  expect(text).toContain('"status":401');
  for (const part of [good, forged, good.split('.')[2]!, p!]) expect(text).not.toContain(part);
});
