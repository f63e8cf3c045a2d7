import { randomBytes } from 'node:crypto';
import { type DevIdp, startDevIdp } from '@latch/dev-idp';
import { PASSWORDLESS_API, SIWE_API } from '@latch/protocol';
import { CAPTCHA_POW } from '@latch/protocol/captcha';
import { OAUTH_API, TELEGRAM_API } from '@latch/protocol/oauth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forEachBackend, widgetHeaders } from '../../test/harness.js';
import { browserSecrets, oauthApp, RETURN_TO, TEST_CALLBACK } from '../oauth/testing/oauthTestClient.js';
import { newTestWallet } from '../siwe/testing/siweTestClient.js';
import { telegramResult, testBot } from '../telegram/testing/telegramSigner.js';
import { enableCaptcha, fetchChallenge, powToken, sideEffects, solve } from './testing/captchaTestApp.js';

// Every init SPEC §7 gives a captcha token, on an app with the self-hosted proof-of-work on: a missing,
// malformed, wrong, expired or reused token is refused with invalid_captcha before anything is counted,
// stored or sent (every table, the short-lived store's codes and counters, the dev outbox unchanged); a fresh
// solution passes. On PGlite and on PostgreSQL + Redis.

let idp: DevIdp;
beforeAll(async () => {
  idp = await startDevIdp({ redirectUris: [TEST_CALLBACK], providers: ['github'] });
});
afterAll(async () => {
  await idp?.close();
});

/** One init: posts with `token` (undefined: none) as the widget does. */
type Init = (token: string | undefined) => Promise<Response>;

forEachBackend(
  'captcha on every init',
  (server) => {
    let app: { appId: string; clientId: string };
    const inits: Record<string, Init> = {};

    beforeAll(async () => {
      const s = server();
      app = await oauthApp(s, idp, ['github']);
      const bot = testBot();
      await s.ctx.loginCredentials.set(
        app.appId,
        'telegram',
        { bot_id: bot.botId, bot_name: bot.botName },
        bot.botToken,
      );
      await enableCaptcha(s, app.appId, {
        sms_auth: true,
        wallet_auth: true,
        telegram_auth: true,
        telegram_auth_config: { bot_id: bot.botId, bot_name: bot.botName },
        captcha_enabled: true,
        captcha_site_key: `pow:${CAPTCHA_POW.minMaxNumber}`,
      });
      const post = (path: string, body: Record<string, unknown>) =>
        s.call('POST', path, {
          body,
          headers: { ...widgetHeaders(app.appId, app.clientId), origin: 'https://host.example' },
        });
      const nowSec = () => Math.floor(s.ctx.clock.now().getTime() / 1000);
      inits.email = (token) => post(PASSWORDLESS_API.emailInit, { email: uniqueEmail(), token });
      inits.sms = (token) => post(PASSWORDLESS_API.smsInit, { phoneNumber: uniquePhone(), token });
      inits.siwe = (token) => post(SIWE_API.init, { address: newTestWallet().address, token });
      inits.oauth = (token) => {
        const { challenge, state } = browserSecrets();
        return post(OAUTH_API.init, {
          provider: 'github',
          redirect_to: RETURN_TO,
          code_challenge: challenge,
          state_code: state,
          captcha_token: token,
        });
      };
      inits.telegram = (token) =>
        post(TELEGRAM_API.authenticate, {
          telegram_auth_result: telegramResult(bot, 5_000_000 + Number(randomBytes(2).readUInt16BE()), {
            authDate: nowSec(),
          }),
          captcha_token: token,
        });
    });

    const fresh = () => powToken(server(), app.appId, app.clientId);

    /** `init` with `token` is refused with invalid_captcha and leaves nothing behind. */
    async function expectRefused(init: Init, token: string | undefined) {
      const before = await sideEffects(server());
      const res = await init(token);
      const body = await res.json();
      expect({ status: res.status, error: body.error }).toEqual({ status: 400, error: 'invalid_captcha' });
      expect(await sideEffects(server())).toEqual(before);
    }

    for (const name of ['email', 'sms', 'siwe', 'oauth', 'telegram']) {
      it(`${name}: refuses a missing, malformed or wrong token, counting and sending nothing`, async () => {
        const init = inits[name] as Init;
        await expectRefused(init, undefined);
        await expectRefused(init, '');
        await expectRefused(init, 'not a token');
        await expectRefused(init, Buffer.from('{"algorithm":"SHA-256"}').toString('base64'));
        const challenge = await fetchChallenge(server(), app.appId, app.clientId);
        const right = JSON.parse(Buffer.from(await solve(challenge), 'base64').toString()) as { number: number };
        await expectRefused(init, await solve(challenge, (right.number + 1) % (challenge.maxnumber + 1)));
      });

      it(`${name}: refuses an expired token`, async () => {
        const token = await fresh();
        server().clock.advance(CAPTCHA_POW.challengeTtlSeconds * 1000 + 1000);
        await expectRefused(inits[name] as Init, token);
      });

      it(`${name}: passes a fresh solution once; the same token again is refused`, async () => {
        const init = inits[name] as Init;
        const token = await fresh();
        const res = await init(token);
        expect(res.status, await res.clone().text()).toBe(200);
        await expectRefused(init, token);
      });
    }
  },
  { backends: 'all' },
);

/** A unique email address. */
const uniqueEmail = () => `captcha-${randomBytes(4).toString('hex')}@example.com`;
/** A unique US number (555-01xx range is fictional). */
const uniquePhone = () => `+1415555${String(1000 + (randomBytes(2).readUInt16BE() % 9000)).padStart(4, '0')}`;
