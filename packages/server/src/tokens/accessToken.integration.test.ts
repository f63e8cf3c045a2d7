import { API } from '@latch/protocol';
import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { expect, it } from 'vitest';
import { forEachBackend, widgetHeaders } from '../test/harness.js';

forEachBackend('access tokens: forged tokens are refused, rotation keeps old ones valid', (server) => {
  const setup = async () => {
    const { appId, clientId } = await server().createApp();
    const session = await server().signIn(appId, { type: 'email', address: `tok-${appId}@example.com` });
    const me = (token: string) => server().call('GET', API.me, { headers: widgetHeaders(appId, clientId, token) });
    const claims = decodeJwt(session.token!);
    const kid = decodeProtectedHeader(session.token!).kid!;
    return { appId, clientId, session, me, claims, kid };
  };

  const expectRefused = async (res: Response) => {
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'missing_or_invalid_token' });
  };

  it('accepts the genuine token', async () => {
    const { session, me } = await setup();
    expect((await me(session.token!)).status).toBe(200);
  });

  it('refuses a token signed with another key under the same kid', async () => {
    const { me, claims, kid } = await setup();
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid }).sign(privateKey);
    await expectRefused(await me(forged));
  });

  it('refuses alg none', async () => {
    const { me, claims } = await setup();
    await expectRefused(await me(new UnsecuredJWT(claims).encode()));
  });

  it("refuses a genuine token of another app (wrong aud, other app's key)", async () => {
    const a = await setup();
    const b = await setup();
    await expectRefused(await a.me(b.session.token!));
  });

  it('refuses a token with the right key but the wrong audience', async () => {
    const { appId, clientId, claims } = await setup();
    const key = await server().ctx.keys.activeKey(appId);
    const forged = await new SignJWT({ ...claims, aud: 'x'.repeat(25) })
      .setProtectedHeader({ alg: 'ES256', kid: key.kid })
      .sign(key.privateKey);
    const res = await server().call('GET', API.me, { headers: widgetHeaders(appId, clientId, forged) });
    await expectRefused(res);
  });

  it('refuses an expired token', async () => {
    const { session, me } = await setup();
    server().clock.advance(3601 * 1000);
    await expectRefused(await me(session.token!));
  });

  it('refuses garbage and a missing bearer', async () => {
    const { me, appId, clientId } = await setup();
    await expectRefused(await me('not.a.jwt'));
    await expectRefused(
      await server().call('GET', API.me, {
        headers: { ...widgetHeaders(appId, clientId), authorization: 'Basic abc' },
      }),
    );
  });

  it('honours the per-app access_token_ttl_seconds', async () => {
    const { appId } = await server().createApp({ accessTokenTtlSeconds: 120 });
    const session = await server().signIn(appId, { type: 'email', address: 'ttl@example.com' });
    const claims = decodeJwt(session.token!);
    expect(claims.exp! - claims.iat!).toBe(120);
  });

  it('after a key rotation old tokens stay valid until they expire; the retired key then leaves the JWKS', async () => {
    const { appId, session, me, kid } = await setup();
    await server().ctx.keys.rotate(appId, 3600);
    const jwks = await (await server().call('GET', API.jwks(appId))).json();
    expect(jwks.keys.map((k: { kid: string }) => k.kid)).toContain(kid);
    expect(jwks.keys).toHaveLength(2);
    expect((await me(session.token!)).status).toBe(200);
    const fresh = await server().signIn(appId, { type: 'email', address: `tok-${appId}@example.com` });
    expect(decodeProtectedHeader(fresh.token!).kid).not.toBe(kid);
    server().clock.advance((3600 + 301) * 1000);
    const after = await (await server().call('GET', API.jwks(appId))).json();
    expect(after.keys.map((k: { kid: string }) => k.kid)).not.toContain(kid);
  });
});
