import type { TokenResponse, WireTelegramAuthResult } from '@latch/protocol';
import { TELEGRAM_API } from '@latch/protocol/oauth';
import type { TestServer } from '../../../test/harness.js';
import { widgetHeaders } from '../../../test/harness.js';
import { type TestBot, telegramResult, testBot } from './telegramSigner.js';

let serial = 0;

/**
 * An app with Telegram login on and its own bot, set up as an operator does (the bot's credentials, then
 * `telegram_auth` on), and a client that posts as the widget does. Results are signed at the server's clock.
 */
export async function telegramTestApp(server: TestServer, config: Record<string, unknown> = {}) {
  const bot: TestBot = testBot();
  const { appId, clientId } = await server.createApp({ name: 'Acme', config: { email_auth: true } });
  await server.ctx.loginCredentials.set(appId, 'telegram', { bot_id: bot.botId, bot_name: bot.botName }, bot.botToken);
  await server.ctx.apps.update(appId, {
    config: { telegram_auth: true, telegram_auth_config: { bot_id: bot.botId, bot_name: bot.botName }, ...config },
  });
  const post = (path: string, body: unknown, token?: string, headers: Record<string, string> = {}) =>
    server.call('POST', path, { body, headers: { ...widgetHeaders(appId, clientId, token), ...headers } });
  const nowSec = () => Math.floor(server.ctx.clock.now().getTime() / 1000);
  return {
    appId,
    clientId,
    bot,
    post,
    /** A fresh result for Telegram user `id`, signed by the app's bot now (server clock). */
    result: (id: number, options: { authDate?: number; username?: string } = {}) =>
      telegramResult(bot, id, { authDate: nowSec(), ...options }),
    nowSec,
    authenticate: (result: WireTelegramAuthResult, headers?: Record<string, string>) =>
      post(TELEGRAM_API.authenticate, { telegram_auth_result: result }, undefined, headers),
    link: (token: string, result: WireTelegramAuthResult) =>
      post(TELEGRAM_API.link, { telegram_auth_result: result }, token),
    unlink: (token: string, telegramUserId: string) =>
      post(TELEGRAM_API.unlink, { telegram_user_id: telegramUserId }, token),
    /** Signs up a user by email (a factor to step up with: stepUp/testing/stepUpForTest.ts). */
    signIn: (): Promise<TokenResponse> =>
      server.signIn(appId, { type: 'email', address: `tg-${Date.now()}-${serial++}@example.test` }),
  };
}

/** A Telegram user id no other test uses. */
export const telegramUserId = () => 1_000_000 + serial++ * 7919 + Math.floor(Math.random() * 1000);
