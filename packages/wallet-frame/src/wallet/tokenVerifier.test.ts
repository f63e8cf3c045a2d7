import { base64url, exportJWK, generateKeyPair, type JWK, SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenVerifier } from './tokenVerifier.js';

const API = 'https://latch.example';
const APP = 'clapp00000000000000000001';
const SUB = 'did:latch:user0000000000000000alice';

async function signer(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
  const sign = (claims: Record<string, unknown> = {}, exp: string | number = '15m') =>
    new SignJWT({ sid: 'session-1', iss: API, aud: APP, sub: SUB, ...claims })
      .setProtectedHeader({ alg: 'ES256', kid })
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(privateKey);
  return { jwk, sign };
}

// The server's JWKS endpoint, as the frame fetches it; `keys` can change (rotation).
function jwksServer(keys: JWK[]) {
  const calls: string[] = [];
  const fetch = (async (url: string) => {
    calls.push(String(url));
    return Response.json({ keys });
  }) as unknown as typeof globalThis.fetch;
  return { calls, fetch, keys };
}

describe('the frame’s access-token check', () => {
  it('accepts a token of this app and server, fetching the JWKS once', async () => {
    const key = await signer('k1');
    const server = jwksServer([key.jwk]);
    const verify = createTokenVerifier({ apiUrl: API, appId: APP, issuer: API, fetch: server.fetch });
    expect(await verify(await key.sign())).toMatchObject({ sub: SUB, sid: 'session-1' });
    await verify(await key.sign());
    expect(server.calls).toEqual([`${API}/api/v1/apps/${APP}/jwks.json`]);
  });

  it('refuses another audience, another issuer, an expired token, no sid, alg none, HS256 and garbage', async () => {
    const key = await signer('k1');
    const server = jwksServer([key.jwk]);
    const verify = createTokenVerifier({ apiUrl: API, appId: APP, issuer: API, fetch: server.fetch });
    const tokens = {
      otherAudience: await key.sign({ aud: 'clapp00000000000000000002' }),
      otherIssuer: await key.sign({ iss: 'https://evil.example' }),
      expired: await key.sign({}, Math.floor(Date.now() / 1000) - 60),
      noSid: await key.sign({ sid: undefined }),
      none: new UnsecuredJWT({ sid: 's', sub: SUB }).setIssuer(API).setAudience(APP).setExpirationTime('15m').encode(),
      // An HS256 token "signed" with the public key's bytes: the classic algorithm confusion.
      hs256: await new SignJWT({ sid: 's' })
        .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
        .setIssuer(API)
        .setAudience(APP)
        .setSubject(SUB)
        .setExpirationTime('15m')
        .sign(new TextEncoder().encode(JSON.stringify(key.jwk))),
      x: 'x',
      empty: '',
      badSignature: `${(await key.sign()).split('.').slice(0, 2).join('.')}.${base64url.encode(new Uint8Array(64))}`,
    };
    for (const [name, token] of Object.entries(tokens)) {
      await expect(verify(token), name).rejects.toMatchObject({ code: 'missing_or_invalid_token' });
    }
  });

  it('refetches the JWKS once for an unknown kid (a rotation), and refuses a kid still unknown after it', async () => {
    const old = await signer('k1');
    const rotated = await signer('k2');
    const stranger = await signer('k3');
    const server = jwksServer([old.jwk]);
    const verify = createTokenVerifier({ apiUrl: API, appId: APP, issuer: API, fetch: server.fetch });
    await verify(await old.sign());
    server.keys.push(rotated.jwk);
    expect(await verify(await rotated.sign())).toMatchObject({ sub: SUB });
    expect(server.calls).toHaveLength(2);
    await expect(verify(await stranger.sign())).rejects.toMatchObject({ code: 'missing_or_invalid_token' });
    // One refetch for the unknown kid, not a loop.
    expect(server.calls).toHaveLength(3);
  });

  it('a token verified before is refused once it expires', async () => {
    const key = await signer('k1');
    const server = jwksServer([key.jwk]);
    let now = Date.now();
    const verify = createTokenVerifier({
      apiUrl: API,
      appId: APP,
      issuer: API,
      fetch: server.fetch,
      now: () => new Date(now),
    });
    const token = await key.sign({}, Math.floor(now / 1000) + 60);
    await verify(token);
    now += 61_000;
    await expect(verify(token)).rejects.toMatchObject({ code: 'missing_or_invalid_token' });
  });

  it('uses the given clock for exp, and refuses when the JWKS cannot be fetched', async () => {
    const key = await signer('k1');
    const server = jwksServer([key.jwk]);
    const late = createTokenVerifier({
      apiUrl: API,
      appId: APP,
      issuer: API,
      fetch: server.fetch,
      now: () => new Date(Date.now() + 3600_000),
    });
    await expect(late(await key.sign())).rejects.toMatchObject({ code: 'missing_or_invalid_token' });
    const down = createTokenVerifier({
      apiUrl: API,
      appId: APP,
      issuer: API,
      fetch: (async () => new Response('nope', { status: 503 })) as unknown as typeof fetch,
    });
    await expect(down(await key.sign())).rejects.toMatchObject({ code: 'missing_or_invalid_token' });
  });
});
