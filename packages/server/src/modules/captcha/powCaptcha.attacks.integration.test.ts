import { randomBytes } from 'node:crypto';
import { PASSWORDLESS_API } from '@latch/protocol';
import { CAPTCHA_API, CAPTCHA_POW, type CaptchaChallenge } from '@latch/protocol/captcha';
import { createChallenge } from 'altcha-lib/v1';
import { beforeAll, describe, expect, it } from 'vitest';
import { forEachBackend, widgetHeaders } from '../../test/harness.js';
import { captchaApp, enableCaptcha, fetchChallenge, powToken, solve } from './testing/captchaTestApp.js';

// The attacker's moves against the self-hosted proof-of-work, each played from plain Node against the real
// server: replaying one solved token (in sequence and all at once), solving app B's challenge for app A,
// forging a challenge with a key of one's own, solving an easier challenge than the app now requires.

forEachBackend('proof-of-work captcha: attacks', (server) => {
  let a: { appId: string; clientId: string };
  let b: { appId: string; clientId: string };
  const send = (target: typeof a, token: string | undefined) =>
    server().call('POST', PASSWORDLESS_API.emailInit, {
      body: { email: `pow-${randomBytes(4).toString('hex')}@example.com`, token },
      headers: widgetHeaders(target.appId, target.clientId),
    });
  const errorOf = async (res: Response) => ({
    status: res.status,
    error: ((await res.json()) as { error: string }).error,
  });

  beforeAll(async () => {
    a = await captchaApp(server(), { captcha_enabled: true, captcha_site_key: 'pow:1000' }, 'A');
    b = await captchaApp(server(), { captcha_enabled: true, captcha_site_key: 'pow:1000' }, 'B');
  });

  it('serves a signed challenge bound to the app, at its difficulty, never cached', async () => {
    const res = await server().call('GET', CAPTCHA_API.challenge, { headers: widgetHeaders(a.appId, a.clientId) });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const challenge = await res.json();
    expect(challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: 1000 });
    expect(challenge.salt).toMatch(new RegExp(`\\?app=${a.appId}&max=1000&expires=\\d+&$`));
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a replayed token, one at a time and ten at once: exactly one init goes through', async () => {
    const token = await powToken(server(), a.appId, a.clientId);
    expect((await send(a, token)).status).toBe(200);
    expect(await errorOf(await send(a, token))).toEqual({ status: 400, error: 'invalid_captcha' });
    const racer = await powToken(server(), a.appId, a.clientId);
    const statuses = await Promise.all(Array.from({ length: 10 }, async () => (await send(a, racer)).status));
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(9);
  });

  it("refuses app B's solved challenge on app A", async () => {
    const token = await powToken(server(), b.appId, b.clientId);
    expect(await errorOf(await send(a, token))).toEqual({ status: 400, error: 'invalid_captcha' });
    // Still good for B, where it was issued: the refusal on A did not spend it.
    expect((await send(b, token)).status).toBe(200);
  });

  it('refuses a challenge the attacker signed with a key of their own (even with the right parameters)', async () => {
    const expires = new Date(server().clock.now().getTime() + 60_000);
    const forged = await createChallenge({
      hmacKey: randomBytes(32).toString('hex'),
      maxNumber: 10,
      expires,
      params: { app: a.appId, max: '1000' },
    });
    expect(await errorOf(await send(a, await solve(forged as CaptchaChallenge)))).toEqual({
      status: 400,
      error: 'invalid_captcha',
    });
  });

  it('refuses a server-signed solution whose parameters were edited (app, difficulty, expiry under the signature)', async () => {
    const challenge = await fetchChallenge(server(), b.appId, b.clientId);
    const edited = { ...challenge, salt: challenge.salt.replace(b.appId, a.appId) };
    const payload = JSON.parse(Buffer.from(await solve(challenge), 'base64').toString());
    const token = Buffer.from(JSON.stringify({ ...payload, salt: edited.salt })).toString('base64');
    expect(await errorOf(await send(a, token))).toEqual({ status: 400, error: 'invalid_captcha' });
  });

  it('refuses a challenge solved at a lower difficulty than the app now requires', async () => {
    const easy = await captchaApp(server(), { captcha_enabled: true, captcha_site_key: 'pow:1000' });
    const token = await powToken(server(), easy.appId, easy.clientId);
    await enableCaptcha(server(), easy.appId, {
      captcha_enabled: true,
      captcha_site_key: `pow:${CAPTCHA_POW.defaultMaxNumber}`,
    });
    expect(await errorOf(await send(easy, token))).toEqual({ status: 400, error: 'invalid_captcha' });
    const hard = await fetchChallenge(server(), easy.appId, easy.clientId);
    expect(hard.maxnumber).toBe(CAPTCHA_POW.defaultMaxNumber);
  });
});

forEachBackend('proof-of-work captcha: the challenge route', (server) => {
  describe('refuses a challenge to an app that does not use the self-hosted provider', () => {
    for (const config of [{}, { captcha_site_key: 't:1x00000000000000000000AA' }]) {
      it(JSON.stringify(config), async () => {
        const { appId, clientId } = await captchaApp(server(), config);
        const res = await server().call('GET', CAPTCHA_API.challenge, { headers: widgetHeaders(appId, clientId) });
        expect(res.status).toBe(400);
        expect((await res.json()).error).toBe('invalid_captcha');
      });
    }
  });

  it('turns on with captcha_enabled alone (no site key): the default difficulty, no token no init', async () => {
    const { appId, clientId } = await captchaApp(server(), { captcha_enabled: true });
    expect((await fetchChallenge(server(), appId, clientId)).maxnumber).toBe(CAPTCHA_POW.defaultMaxNumber);
    const res = await server().call('POST', PASSWORDLESS_API.emailInit, {
      body: { email: 'nobody@example.com' },
      headers: widgetHeaders(appId, clientId),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('invalid_captcha');
  });
});
