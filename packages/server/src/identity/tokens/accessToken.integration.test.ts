import { IDENTITY_API, JWKS_PATH } from '@latch/protocol';
import { p256 } from '@noble/curves/nist.js';
import { base64url, decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { expect, it } from 'vitest';
import { forEachBackend, widgetHeaders } from '../../test/harness.js';
import { MAX_IAT_SKEW_SECONDS, signAccessToken } from './accessToken.js';

const N = p256.Point.CURVE().n;
const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The token with its signature part replaced. */
const withSignature = (token: string, signature: string) => `${token.slice(0, token.lastIndexOf('.'))}.${signature}`;

/** The signature of a token as (r, s). */
const signatureOf = (token: string) =>
  p256.Signature.fromBytes(base64url.decode(token.slice(token.lastIndexOf('.') + 1)), 'compact');

/** The same token signed with the other, equally valid ECDSA s: (r, n − s). */
function flipS(token: string): string {
  const { r, s } = signatureOf(token);
  return withSignature(token, base64url.encode(new p256.Signature(r, N - s).toBytes('compact')));
}

/** The user id a token is for (its `sub` is the user's DID, which is also the user's id on the wire). */
const userIdOf = (claims: { sub?: string }) => String(claims.sub).replace(/^did:latch:/, '');

/** The token in its low-S form (WebCrypto, which jose signs with, may produce either). */
const lowS = (token: string) => (signatureOf(token).hasHighS() ? flipS(token) : token);

forEachBackend('access tokens: forged tokens are refused, rotation keeps old ones valid', (server) => {
  const setup = async () => {
    const { appId, clientId } = await server().createApp();
    const session = await server().signIn(appId, { type: 'email', address: `tok-${appId}@example.com` });
    const me = (token: string) =>
      server().call('GET', IDENTITY_API.me, { headers: widgetHeaders(appId, clientId, token) });
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
    const res = await server().call('GET', IDENTITY_API.me, { headers: widgetHeaders(appId, clientId, forged) });
    await expectRefused(res);
  });

  it('refuses an expired token', async () => {
    const { session, me } = await setup();
    server().clock.advance(3601 * 1000);
    await expectRefused(await me(session.token!));
  });

  it('refuses garbage and a missing bearer', async () => {
    const { me, appId, clientId } = await setup();
    for (const garbage of ['not.a.jwt', 'x.y.z', 'a.b', '..', 'x.y.z.w', `${'A'.repeat(5)}.y.z`]) {
      await expectRefused(await me(garbage));
    }
    await expectRefused(
      await server().call('GET', IDENTITY_API.me, {
        headers: { ...widgetHeaders(appId, clientId), authorization: 'Basic abc' },
      }),
    );
  });

  it('refuses other spellings of a genuine token: padding, the +/ alphabet, stray trailing bits, high S', async () => {
    const { appId, me, claims } = await setup();
    const app = await server().ctx.apps.require(appId);
    // A genuine token whose signature has a - or _ (almost every one does), to respell in + and /.
    const sign = () => signAccessToken(server().ctx, app, userIdOf(claims), claims.sid as string);
    let token = await sign();
    while (!/[-_]/.test(token.split('.')[2]!)) {
      token = await sign();
    }
    expect((await me(token)).status).toBe(200);
    const signature = token.split('.')[2]!;
    const last = B64URL.indexOf(signature.at(-1)!);
    const respelled = [
      `${signature}==`,
      signature.replaceAll('-', '+').replaceAll('_', '/'),
      // 64 bytes fill 86 characters: the last one carries 2 bits and 4 unused ones, which must be zero.
      `${signature.slice(0, -1)}${B64URL[last ^ 1]}`,
    ];
    for (const spelling of respelled) await expectRefused(await me(withSignature(token, spelling)));
    await expectRefused(await me(flipS(token)));
    expect((await me(token)).status).toBe(200);
  });

  it('signs every token with a low S', async () => {
    const { appId, claims } = await setup();
    const app = await server().ctx.apps.require(appId);
    for (let i = 0; i < 48; i++) {
      const token = await signAccessToken(server().ctx, app, userIdOf(claims), claims.sid as string);
      expect(signatureOf(token).hasHighS()).toBe(false);
    }
  });

  it('refuses a token whose typ is missing or not JWT, and one issued in the future beyond the skew', async () => {
    const { appId, clientId, claims } = await setup();
    const key = await server().ctx.keys.activeKey(appId);
    const me = (token: string) =>
      server().call('GET', IDENTITY_API.me, { headers: widgetHeaders(appId, clientId, token) });
    const signed = async (payload: typeof claims, typ?: string) =>
      lowS(await new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid: key.kid, typ }).sign(key.privateKey));
    expect((await me(await signed(claims, 'JWT'))).status).toBe(200);
    await expectRefused(await me(await signed(claims)));
    await expectRefused(await me(await signed(claims, 'at+jwt')));
    const now = Math.floor(server().clock.now().getTime() / 1000);
    const skewed = { ...claims, iat: now + MAX_IAT_SKEW_SECONDS - 5, exp: now + 600 };
    expect((await me(await signed(skewed, 'JWT'))).status).toBe(200);
    const future = { ...claims, iat: now + 3600, exp: now + 7200 };
    await expectRefused(await me(await signed(future, 'JWT')));
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
    const jwks = await (await server().call('GET', JWKS_PATH(appId))).json();
    expect(jwks.keys.map((k: { kid: string }) => k.kid)).toContain(kid);
    expect(jwks.keys).toHaveLength(2);
    expect((await me(session.token!)).status).toBe(200);
    const fresh = await server().signIn(appId, { type: 'email', address: `tok-${appId}@example.com` });
    expect(decodeProtectedHeader(fresh.token!).kid).not.toBe(kid);
    server().clock.advance((3600 + 301) * 1000);
    const after = await (await server().call('GET', JWKS_PATH(appId))).json();
    expect(after.keys.map((k: { kid: string }) => k.kid)).not.toContain(kid);
  });
});
