import { IDENTITY_API, IDENTITY_TOKEN, PASSWORDLESS_API, type TokenResponse } from '@latch/protocol';
import { expect, it } from 'vitest';
import { buildModules } from '../../serverMigrations.js';
import { forEachBackend, widgetHeaders } from '../../test/harness.js';
import { signEs256Jws } from './signEs256Jws.js';

// The identity token is signed by the same key as access tokens and names the same user and app: a
// backend that leaks it, or a page script that reads it, must not thereby hold a key to Latch's API.

/** Every endpoint whose declared caller needs an access token, its path parameters filled in. */
const authedRoutes = buildModules
  .flatMap((module) => module.routes ?? [])
  .filter((r) => r.caller === 'user' || r.caller === 'frame' || r.caller === 'new-device')
  .map((r) => ({ method: r.method.toUpperCase(), path: r.path.replace(/:[A-Za-z_]+/g, 'x'), caller: r.caller }));

forEachBackend('identity token: never accepted as an access token', (server) => {
  let session: TokenResponse;
  let app: { appId: string; clientId: string };
  const call = (method: string, path: string, token: string, body: unknown = {}) =>
    server().call(method, path, {
      headers: widgetHeaders(app.appId, app.clientId, token),
      body: method === 'GET' ? undefined : body,
    });
  const errorOf = async (res: Response) => [res.status, ((await res.json()) as { error: string }).error];

  it('covers every route family that takes a user', () => {
    expect(authedRoutes.length).toBeGreaterThan(20);
    expect(new Set(authedRoutes.map((r) => r.path.split('/')[3])).size).toBeGreaterThan(6);
  });

  it.each(authedRoutes)('$method $path ($caller) refuses it with 401 missing_or_invalid_token', async (route) => {
    app ??= await server().createApp({ config: { sms_auth: true } });
    session ??= await server().signIn(app.appId, { type: 'email', address: 'refused@example.com' });
    expect(await errorOf(await call(route.method, route.path, session.identity_token!))).toEqual([
      401,
      'missing_or_invalid_token',
    ]);
    // The control: the session's access token passes the same gate (whatever the handler answers next).
    const withAccess = await call(route.method, route.path, session.token!);
    expect((await errorOf(withAccess).catch(() => [withAccess.status, 'not json']))[1]).not.toBe(
      'missing_or_invalid_token',
    );
  });

  it('a code sent for a signed-in purpose, and logout, do not take it either', async () => {
    const appHere = await server().createApp();
    app = appHere;
    const login = await server().signIn(appHere.appId, { type: 'email', address: 'logout@example.com' });
    const linkCode = await call('POST', PASSWORDLESS_API.emailInit, login.identity_token!, {
      email: 'other@example.com',
      purpose: 'link',
    });
    expect(await errorOf(linkCode)).toEqual([401, 'missing_or_invalid_token']);
    // Logout with only the identity token ends nothing: the session's access token still works.
    expect((await call('POST', IDENTITY_API.logout, login.identity_token!)).status).toBe(200);
    expect((await call('GET', IDENTITY_API.me, login.token!)).status).toBe(200);
  });

  it('the typ alone refuses it: the access token’s own claims, signed by the app key as an identity token', async () => {
    const appHere = await server().createApp();
    app = appHere;
    const login = await server().signIn(appHere.appId, { type: 'email', address: 'retyped@example.com' });
    const key = await server().ctx.keys.activeKey(appHere.appId);
    const claims = JSON.parse(Buffer.from(login.token!.split('.')[1]!, 'base64url').toString()) as object;
    const retyped = signEs256Jws(key, IDENTITY_TOKEN.typ, claims);
    expect(await errorOf(await call('GET', IDENTITY_API.me, retyped))).toEqual([401, 'missing_or_invalid_token']);
    expect((await call('GET', IDENTITY_API.me, signEs256Jws(key, 'JWT', claims))).status).toBe(200);
  });
});
