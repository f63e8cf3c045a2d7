import { randomBytes } from 'node:crypto';
import { type DevIdp, startDevIdp, TURNSTILE_KEYS } from '@latch/dev-idp';
import { PASSWORDLESS_API } from '@latch/protocol';
import { TURNSTILE_ACTION } from '@latch/protocol/captcha';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forEachBackend, widgetHeaders } from '../../test/harness.js';
import { assertCaptchaConfigured } from './captchaConfigCheck.js';
import { enableCaptcha, sideEffects } from './testing/captchaTestApp.js';

// Turnstile through the dev stand-in's siteverify (Cloudflare's documented API): the app's secret is sealed and
// sent, the answer's hostname and action are checked against the app, a token is good once (our own record, and
// Cloudflare's timeout-or-duplicate), and the failing secrets map to SPEC §8's codes. Refusals leave nothing behind.

let idp: DevIdp;
beforeAll(async () => {
  idp = await startDevIdp({ redirectUris: ['http://localhost:8787/cb'], providers: [] });
});
afterAll(async () => {
  await idp?.close();
});

const ORIGIN = 'https://shop.example';
const HOST = 'shop.example';

forEachBackend(
  'Turnstile captcha through the stand-in',
  (server) => {
    let app: { appId: string; clientId: string };
    const send = (token: string | undefined, target = app) =>
      server().call('POST', PASSWORDLESS_API.emailInit, {
        body: { email: `ts-${randomBytes(4).toString('hex')}@example.com`, token },
        headers: widgetHeaders(target.appId, target.clientId),
      });
    const issue = (options: { hostname?: string; action?: string; ttlMs?: number } = {}) =>
      idp.turnstile.issue({ hostname: HOST, action: TURNSTILE_ACTION, ...options });
    /** The init with `token` is refused with `error` (and `status`) and leaves nothing behind. */
    async function expectRefused(token: string, error: string, status: number, target = app) {
      const before = await sideEffects(server());
      const res = await send(token, target);
      expect({ status: res.status, error: (await res.json()).error }).toEqual({ status, error });
      expect(await sideEffects(server())).toEqual(before);
    }
    /** An app on ORIGIN using Turnstile with `secret`. */
    async function turnstileApp(secret: string) {
      const created = await server().createApp({ allowedOrigins: [ORIGIN] });
      await server().ctx.captcha.secrets.set(created.appId, secret);
      await enableCaptcha(server(), created.appId, {
        captcha_enabled: true,
        captcha_site_key: `t:${TURNSTILE_KEYS.passSiteKey}`,
      });
      return created;
    }

    beforeAll(async () => {
      app = await turnstileApp(TURNSTILE_KEYS.passSecret);
    });

    it('passes a token from a widget on an allowed origin, once; our own record refuses it the second time', async () => {
      const token = issue();
      expect((await send(token)).status).toBe(200);
      await expectRefused(token, 'invalid_captcha', 400);
      expect((await send(issue({ action: '' }))).status).toBe(200);
    });

    it('refuses a token Cloudflare calls a duplicate (spent elsewhere) or expired', async () => {
      const spent = issue();
      const elsewhere = await fetch(idp.turnstile.siteverifyUrl, {
        method: 'POST',
        body: new URLSearchParams({ secret: TURNSTILE_KEYS.passSecret, response: spent }),
      });
      expect((await elsewhere.json()).success).toBe(true);
      await expectRefused(spent, 'invalid_captcha', 400);
      await expectRefused(issue({ ttlMs: 0 }), 'invalid_captcha', 400);
    });

    it('refuses a token solved on another host or for another action', async () => {
      await expectRefused(issue({ hostname: 'evil.example' }), 'invalid_captcha', 400);
      await expectRefused(issue({ action: 'newsletter' }), 'invalid_captcha', 400);
    });

    it('maps the failing secrets: captcha_failure (403), duplicate (400), a bad secret is the operator’s (503)', async () => {
      await expectRefused(issue(), 'captcha_failure', 403, await turnstileApp(TURNSTILE_KEYS.failSecret));
      await expectRefused(issue(), 'invalid_captcha', 400, await turnstileApp(TURNSTILE_KEYS.duplicateSecret));
      await expectRefused(issue(), 'captcha_failure', 503, await turnstileApp('0x4AAAAAAAnot-the-secret'));
    });

    it('refuses a token the provider never issued, and no token at all', async () => {
      await expectRefused(`standin.${randomBytes(48).toString('base64url')}`, 'captcha_failure', 403);
      const res = await send(undefined);
      expect({ status: res.status, error: (await res.json()).error }).toEqual({
        status: 400,
        error: 'invalid_captcha',
      });
    });

    it('stores the secret sealed, and refuses turning Turnstile on without one', async () => {
      const row = await server()
        .db.selectFrom('app_captcha_secrets')
        .select('secret_sealed')
        .where('app_id', '=', app.appId)
        .executeTakeFirstOrThrow();
      expect(row.secret_sealed).not.toContain(TURNSTILE_KEYS.passSecret);
      expect(await server().ctx.captcha.secrets.get(app.appId)).toBe(TURNSTILE_KEYS.passSecret);
      const bare = await server().ctx.apps.require((await server().createApp({})).appId);
      const turnstileOn = { captcha_enabled: true, captcha_site_key: `t:${TURNSTILE_KEYS.passSiteKey}` };
      await expect(assertCaptchaConfigured(server().ctx.captcha, bare, turnstileOn)).rejects.toThrow(
        `A Turnstile captcha_site_key needs the app's Turnstile secret key first: latch-server apps captcha set ${bare.id} --turnstile-secret-file PATH`,
      );
      await expect(assertCaptchaConfigured(server().ctx.captcha, bare, { captcha_enabled: true })).resolves.toBe(
        undefined,
      );
    });
  },
  {
    settings: {
      get turnstileSiteverifyUrl() {
        return idp.turnstile.siteverifyUrl;
      },
    },
  },
);
