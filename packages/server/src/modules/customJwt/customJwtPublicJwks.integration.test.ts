import { CUSTOM_JWT_API } from '@latch/protocol/oauth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AppStore } from '../../identity/apps/appStore.js';
import { createTestServer, type TestServer, widgetHeaders } from '../../test/harness.js';
import { CustomJwtLogin } from './CustomJwtLogin.js';
import { loopbackJwks } from './testing/loopbackJwks.js';

// JWT-09 (issue #24): outside dev mode a custom-auth JWKS is fetched over https from public addresses only —
// refused when the config is set (http, localhost, a literal private IP) and again when fetched (a name that
// resolves to one). Dev mode keeps loopback for the stand-ins (customJwtJwks.integration.test.ts).

let server: TestServer;
let jwks: Awaited<ReturnType<typeof loopbackJwks>>;
beforeAll(async () => {
  server = await createTestServer({}, 'pglite');
  jwks = await loopbackJwks();
});
afterAll(async () => {
  await server?.close();
  await jwks?.close();
});

const config = (jwks_url: string) => ({
  email_auth: true,
  custom_auth_config: { issuer: jwks.issuer, audience: 'loopback-app', algorithms: ['ES256'], jwks_url },
});

it('outside dev mode, refuses a loopback, private or link-local JWKS URL when the config is set, storing nothing', async () => {
  const production = new AppStore(server.db, server.ctx.keys, server.ctx.clock, { dev: false });
  const before = await server.tableCounts();
  for (const url of [jwks.jwksUrl, 'https://localhost/jwks', 'https://169.254.169.254/jwks', 'https://[::1]/jwks']) {
    await expect(production.create({ name: 'Prod', config: config(url) }), url).rejects.toThrow(
      /custom_auth_config\.jwks_url: must be an https URL on a public host/,
    );
  }
  expect(await server.tableCounts()).toEqual(before);
});

it('outside dev mode, refuses at login a JWKS whose name resolves to a loopback address, without connecting', async () => {
  // Stored by a dev-mode server (https on localhost passes there), then served by a production one.
  const { appId, clientId } = await server.createApp({
    config: config(`https://localhost:${new URL(jwks.issuer).port}/jwks.json`),
  });
  server.ctx.customJwt = new CustomJwtLogin({ ...server.ctx, settings: { ...server.ctx.settings, dev: false } });
  jwks.state.requests = 0;
  const res = await server.call('POST', CUSTOM_JWT_API.authenticate, {
    body: { token: await jwks.mint({ sub: 'prod-user' }) },
    headers: widgetHeaders(appId, clientId),
  });
  expect(res.status).toBe(401);
  expect(await res.json()).toMatchObject({
    error: 'invalid_custom_token',
    message: 'The issuer’s JWKS (custom_auth_config.jwks_url) is not on a public address.',
  });
  expect(jwks.state.requests).toBe(0);
});

it('in dev mode, fetches the loopback stand-in’s JWKS over http', async () => {
  const { appId, clientId } = await server.createApp({ config: config(jwks.jwksUrl) });
  server.ctx.customJwt = new CustomJwtLogin(server.ctx);
  const res = await server.call('POST', CUSTOM_JWT_API.authenticate, {
    body: { token: await jwks.mint({ sub: 'dev-user' }) },
    headers: widgetHeaders(appId, clientId),
  });
  expect(res.status).toBe(200);
});
