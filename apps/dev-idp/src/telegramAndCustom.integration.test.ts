import { AuthDataValidator } from '@telegram-auth/server';
import { objectToAuthDataMap } from '@telegram-auth/server/utils';
import { createLocalJWKSet, createRemoteJWKSet, importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevIdp } from './index.js';
import { startDevIdp } from './index.js';

// The Telegram stand-in's results verify with @telegram-auth/server (what the server uses) and the custom
// issuer's tokens with jose; each broken-token option is refused by a plain jose verification.

const DEMO = 'http://localhost:5173';
let idp: DevIdp;

beforeAll(async () => {
  idp = await startDevIdp({ redirectUris: [], providers: [], customTokenOrigins: [DEMO] });
});
afterAll(async () => {
  await idp.close();
});

const validate = (result: object, botToken = idp.telegram.botToken) =>
  new AuthDataValidator({ botToken }).validate(objectToAuthDataMap(result as Record<string, string | number>));

describe('Telegram stand-in', () => {
  it('signs a result that @telegram-auth/server accepts, and only with its bot token', async () => {
    const result = idp.telegram.sign({ id: 4242, first_name: 'Ada', username: 'ada_l' });
    await expect(validate(result)).resolves.toMatchObject({ id: 4242, first_name: 'Ada', username: 'ada_l' });
    await expect(validate({ ...result, id: 4243 })).rejects.toThrow(/could not be validated/);
    await expect(validate(result, `${idp.telegram.botId}:another-token`)).rejects.toThrow(/could not be validated/);
    const old = idp.telegram.sign({ id: 4242, first_name: 'Ada' }, Math.floor(Date.now() / 1000) - 2 * 86400);
    await expect(validate(old)).rejects.toThrow(/expired/);
  });

  it('the popup page: a stand-in notice, then a signed result for the opener at the given origin', async () => {
    const query = new URLSearchParams({
      bot_id: idp.telegram.botId,
      origin: DEMO,
      request_access: 'write',
      lang: 'en',
    });
    const page = await fetch(`${idp.telegram.origin}/auth?${query}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    expect(await page.text()).toContain('Development stand-in for Telegram — not the real Telegram.');
    const form = new URLSearchParams({
      bot_id: idp.telegram.botId,
      origin: DEMO,
      id: '777',
      first_name: 'Grace',
      username: 'gh',
      action: 'continue',
    });
    const done = await fetch(`${idp.telegram.origin}/auth`, { method: 'POST', body: form });
    const html = await done.text();
    expect(html).toContain(`data-origin="${DEMO}"`);
    expect(html).toContain('src="/assets/telegram-popup.js"');
    const encoded = /data-result="([^"]*)"/.exec(html)![1]!;
    const result = JSON.parse(encoded.replace(/&quot;/g, '"').replace(/&amp;/g, '&'));
    await expect(validate(result)).resolves.toMatchObject({ id: 777, first_name: 'Grace', username: 'gh' });
  });

  it('Cancel posts false; a wrong bot id or an origin that is not one is refused', async () => {
    const cancel = new URLSearchParams({ bot_id: idp.telegram.botId, origin: DEMO, action: 'cancel' });
    const html = await (await fetch(`${idp.telegram.origin}/auth`, { method: 'POST', body: cancel })).text();
    expect(html).toContain('data-result="false"');
    const wrongBot = await fetch(`${idp.telegram.origin}/auth?bot_id=1&origin=${encodeURIComponent(DEMO)}`);
    expect(wrongBot.status).toBe(400);
    const badOrigin = await fetch(
      `${idp.telegram.origin}/auth?bot_id=${idp.telegram.botId}&origin=javascript:alert(1)`,
    );
    expect(badOrigin.status).toBe(400);
  });
});

describe('custom-token issuer', () => {
  const verify = (token: string) =>
    jwtVerify(token, createRemoteJWKSet(new URL(idp.customIssuer.jwksUrl)), {
      issuer: idp.customIssuer.issuer,
      audience: idp.customIssuer.audience,
      algorithms: ['RS256', 'ES256'],
    });

  it('mints RS256 and ES256 tokens that verify against its JWKS and its PEMs', async () => {
    for (const alg of ['RS256', 'ES256'] as const) {
      const token = await idp.customIssuer.mint({ sub: 'user-1', email: 'u@example.com' }, { alg });
      const { payload, protectedHeader } = await verify(token);
      expect(payload).toMatchObject({ sub: 'user-1', email: 'u@example.com', iss: idp.customIssuer.issuer });
      expect(protectedHeader.alg).toBe(alg);
      await expect(jwtVerify(token, await importSPKI(idp.customIssuer.publicKeyPem[alg], alg))).resolves.toBeTruthy();
    }
  });

  it.each([
    ['expired', { expired: true }, /"exp" claim/],
    ['not yet valid', { notYetValid: true }, /"nbf" claim/],
    ['wrong issuer', { wrongIssuer: true }, /"iss" claim/],
    ['wrong audience', { wrongAudience: true }, /"aud" claim/],
    ['unknown key', { unknownKey: true }, /no applicable key/i],
    ['unknown key, known kid', { unknownKeySameKid: true }, /signature verification failed/],
    ['alg none', { algNone: true }, /alg|Unsupported/i],
    ['HS256 keyed with the public key', { hs256WithPublicKey: true }, /alg|Unsupported/i],
  ] as const)('a token %s is refused by jose', async (_label, options, message) => {
    await expect(verify(await idp.customIssuer.mint({ sub: 'user-1' }, options))).rejects.toThrow(message);
  });

  it('HS256 with the public key would pass a verifier that took the PEM as an HMAC secret (so the attack is real)', async () => {
    const token = await idp.customIssuer.mint({ sub: 'user-1' }, { hs256WithPublicKey: true });
    await expect(jwtVerify(token, new TextEncoder().encode(idp.customIssuer.publicKeyPem.RS256))).resolves.toBeTruthy();
  });

  it('serves the JWKS (public keys only) and, for the demo origin, a token for a subject', async () => {
    const jwks = (await (await fetch(idp.customIssuer.jwksUrl)).json()) as { keys: Record<string, string>[] };
    expect(jwks.keys.map((k) => k.alg).sort()).toEqual(['ES256', 'RS256']);
    for (const key of jwks.keys) expect(key.d).toBeUndefined();
    const local = createLocalJWKSet(jwks);
    const res = await fetch(`${idp.url}/custom/token?sub=demo-user`, { headers: { origin: DEMO } });
    expect(res.headers.get('access-control-allow-origin')).toBe(DEMO);
    const { token } = (await res.json()) as { token: string };
    const { payload } = await jwtVerify(token, local, {
      issuer: idp.customIssuer.issuer,
      audience: idp.customIssuer.audience,
    });
    expect(payload.sub).toBe('demo-user');
    const elsewhere = await fetch(`${idp.url}/custom/token?sub=x`, { headers: { origin: 'https://attacker.example' } });
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
    expect((await fetch(`${idp.url}/custom/token`)).status).toBe(400);
  });
});
