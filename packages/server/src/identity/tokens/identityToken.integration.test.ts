import {
  IDENTITY_API,
  IDENTITY_TOKEN,
  JWKS_PATH,
  PASSWORDLESS_API,
  type TokenResponse,
  type WireLinkedAccount,
} from '@latch/protocol';
import { createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet, jwtVerify } from 'jose';
import { expect, it } from 'vitest';
import { forEachBackend, type TestServer, widgetHeaders } from '../../test/harness.js';
import { latestOutboxCode, stepUpForTest } from '../stepUp/testing/stepUpForTest.js';

/** Logs in (or links, with `token`) by a code from the dev outbox, over the real routes. */
async function withCode(
  server: TestServer,
  app: { appId: string; clientId: string },
  channel: 'email' | 'sms',
  target: string,
  step: 'authenticate' | 'link' | 'unlink',
  token?: string,
): Promise<Response> {
  const headers = widgetHeaders(app.appId, app.clientId, token);
  const field = channel === 'email' ? 'email' : 'phoneNumber';
  const purpose = step === 'authenticate' ? 'login' : step;
  const init = await server.call('POST', channel === 'email' ? PASSWORDLESS_API.emailInit : PASSWORDLESS_API.smsInit, {
    headers,
    body: { [field]: target, purpose },
  });
  expect(init.status).toBe(200);
  const code = await latestOutboxCode(server, target);
  const paths = {
    email: {
      authenticate: PASSWORDLESS_API.emailAuthenticate,
      link: PASSWORDLESS_API.emailLink,
      unlink: PASSWORDLESS_API.emailUnlink,
    },
    sms: {
      authenticate: PASSWORDLESS_API.smsAuthenticate,
      link: PASSWORDLESS_API.smsLink,
      unlink: PASSWORDLESS_API.smsUnlink,
    },
  };
  return server.call('POST', paths[channel][step], { headers, body: { [field]: target, code } });
}

forEachBackend('identity token: issued with every session grant', (server) => {
  /** The identity token's claims, verified with the app's published JWKS as a host backend would. */
  async function verified(appId: string, token: string) {
    const jwks = (await (await server().call('GET', JWKS_PATH(appId))).json()) as JSONWebKeySet;
    const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet(jwks), {
      algorithms: ['ES256'],
      audience: appId,
      issuer: server().ctx.settings.publicUrl,
      typ: IDENTITY_TOKEN.typ,
      currentDate: server().clock.now(),
    });
    return { payload, protectedHeader };
  }
  const accountsOf = async (appId: string, token: string) =>
    JSON.parse((await verified(appId, token)).payload.linked_accounts as string) as WireLinkedAccount[];

  it('an email-code login carries one: ES256 by the app key, its own typ, the user and accounts, 10 minutes', async () => {
    const app = await server().createApp();
    const res = await withCode(server(), app, 'email', 'grant@example.com', 'authenticate');
    expect(res.status).toBe(200);
    const body = (await res.json()) as TokenResponse;
    const { payload, protectedHeader } = await verified(app.appId, body.identity_token!);
    expect(protectedHeader).toEqual({
      alg: 'ES256',
      typ: IDENTITY_TOKEN.typ,
      kid: decodeProtectedHeader(body.token!).kid,
    });
    expect(Object.keys(payload).sort()).toEqual(['aud', 'exp', 'iat', 'iss', 'linked_accounts', 'sub']);
    expect(payload).toMatchObject({ aud: app.appId, iss: server().ctx.settings.publicUrl, sub: body.user.id });
    expect(payload.exp! - payload.iat!).toBe(IDENTITY_TOKEN.ttlSeconds);
    expect(IDENTITY_TOKEN.ttlSeconds).toBeLessThanOrEqual(600);
    expect(JSON.parse(payload.linked_accounts as string)).toEqual(body.user.linked_accounts);
    expect(body.user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'email', address: 'grant@example.com' }),
    ]);
    // An access token is not one: its typ is JWT.
    expect(decodeProtectedHeader(body.token!).typ).toBe('JWT');
  });

  it('an SMS login, a session made by the services, a refresh and a fork carry one each', async () => {
    const app = await server().createApp({ config: { sms_auth: true } });
    const sms = (await (await withCode(server(), app, 'sms', '+14155550143', 'authenticate')).json()) as TokenResponse;
    expect(await accountsOf(app.appId, sms.identity_token!)).toEqual([
      expect.objectContaining({ type: 'phone', phone_number: '+14155550143' }),
    ]);
    const byServices = await server().signIn(app.appId, { type: 'email', address: 'services@example.com' });
    expect((await verified(app.appId, byServices.identity_token!)).payload.sub).toBe(byServices.user.id);
    const headers = widgetHeaders(app.appId, app.clientId);
    const refreshed = (await (
      await server().call('POST', IDENTITY_API.sessions, { headers, body: { refresh_token: sms.refresh_token } })
    ).json()) as TokenResponse;
    expect((await verified(app.appId, refreshed.identity_token!)).payload.sub).toBe(sms.user.id);
    const forked = (await (
      await server().call('POST', IDENTITY_API.fork, { headers, body: { refresh_token: refreshed.refresh_token } })
    ).json()) as TokenResponse;
    expect((await verified(app.appId, forked.identity_token!)).payload.sub).toBe(sms.user.id);
  });

  it('after a link or an unlink, the next refresh answers a token with the accounts as they are now', async () => {
    const app = await server().createApp({ config: { sms_auth: true } });
    const login = (await (
      await withCode(server(), app, 'email', 'links@example.com', 'authenticate')
    ).json()) as TokenResponse;
    const refresh = async (refreshToken: string) =>
      (await (
        await server().call('POST', IDENTITY_API.sessions, {
          headers: widgetHeaders(app.appId, app.clientId),
          body: { refresh_token: refreshToken },
        })
      ).json()) as TokenResponse;

    // Linking needs a step-up with a factor from before this session (stepUp/): the email.
    await stepUpForTest(server(), { ...app, token: login.token! }, 'link');
    const linked = await withCode(server(), app, 'sms', '+14155550144', 'link', login.token!);
    expect([linked.status, await linked.text()]).toEqual([200, expect.any(String)]);
    const afterLink = await refresh(login.refresh_token!);
    expect((await accountsOf(app.appId, afterLink.identity_token!)).map((a) => a.type)).toEqual(['email', 'phone']);
    // The one issued before the link is a snapshot: it still says what was true then.
    expect((await accountsOf(app.appId, login.identity_token!)).map((a) => a.type)).toEqual(['email']);

    const unlinked = await withCode(server(), app, 'sms', '+14155550144', 'unlink', afterLink.token!);
    expect([unlinked.status, await unlinked.text()]).toEqual([200, expect.any(String)]);
    const afterUnlink = await refresh(afterLink.refresh_token!);
    expect((await accountsOf(app.appId, afterUnlink.identity_token!)).map((a) => a.type)).toEqual(['email']);
  });

  it('a key rotation keeps the old key published while an identity token it signed lives, even past the access TTL', async () => {
    const { appId } = await server().createApp({ accessTokenTtlSeconds: 60 });
    const login = await server().signIn(appId, { type: 'email', address: 'rotated@example.com' });
    await server().ctx.keys.rotate(appId, 60);
    // Past the access token's lifetime and the grace after it, still within the identity token's.
    server().clock.advance((IDENTITY_TOKEN.ttlSeconds - 10) * 1000);
    expect((await verified(appId, login.identity_token!)).payload.sub).toBe(login.user.id);
  });
});
