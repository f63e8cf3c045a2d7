import { TELEGRAM_API } from '@latch/protocol/oauth';
import { TelegramAuthenticateBody, TelegramUnlinkBody } from '@latch/protocol/schemas';
import { namedApp } from '../../identity/http/resolveApp.js';
import { accountKeyEvent } from '../../identity/securityEvents/accountEvent.js';
import { recordSecurityEvent } from '../../identity/securityEvents/recordSecurityEvent.js';
import { withStepUp } from '../../identity/stepUp/requireStepUp.js';
import { toWireUser } from '../../identity/users/userRecords.js';
import type { RouteDef } from '../../kernel/http/env.js';
import { parseBody } from '../../kernel/http/parseBody.js';
import { clientIp } from '../../kernel/throttle/clientIp.js';
import { requireCaptcha } from '../captcha/requireCaptcha.js';
import { DEFAULT_TELEGRAM_OAUTH_URL, TELEGRAM_SCRIPT_HEADERS, telegramLoginScript } from './telegramLoginScript.js';

/**
 * Telegram (SPEC §7, docs/telegram-and-custom-token.md): login for the app (a fresh login: TokenResponse with a
 * device grant), link and unlink for the signed-in user (the updated WireUser), and the login script the host
 * page loads from this server. The Login Widget's result is checked against the app's bot token.
 */
export const telegramRoutes: RouteDef[] = [
  {
    method: 'post',
    path: TELEGRAM_API.authenticate,
    caller: 'app',
    handler: async (c) => {
      const app = namedApp(c);
      const { telegram_auth_result, captcha_token } = await parseBody(c, TelegramAuthenticateBody);
      await requireCaptcha(c, app, captcha_token);
      return c.json(await c.get('ctx').telegram.logIn(app, telegram_auth_result, clientIp(c)));
    },
  },
  {
    method: 'post',
    path: TELEGRAM_API.link,
    caller: 'user',
    handler: async (c) => {
      const ctx = c.get('ctx');
      const caller = c.get('user');
      const { telegram_auth_result } = await parseBody(c, TelegramAuthenticateBody);
      // A linked Telegram account is a way to log in afresh: a stolen access token must not add one.
      const event = accountKeyEvent('account_linked', 'telegram', String(telegram_auth_result.id));
      const link = () => ctx.telegram.link(caller, telegram_auth_result);
      const user = await withStepUp(ctx, caller, 'link', () => recordSecurityEvent(c, event, link));
      return c.json(toWireUser(user));
    },
  },
  {
    method: 'post',
    path: TELEGRAM_API.unlink,
    caller: 'user',
    handler: async (c) => {
      const ctx = c.get('ctx');
      const caller = c.get('user');
      const { telegram_user_id } = await parseBody(c, TelegramUnlinkBody);
      const event = accountKeyEvent('account_unlinked', 'telegram', telegram_user_id);
      const unlink = () => ctx.telegram.unlink(caller, telegram_user_id);
      const user = await withStepUp(ctx, caller, 'unlink', () => recordSecurityEvent(c, event, unlink));
      return c.json(toWireUser(user));
    },
  },
  {
    method: 'get',
    path: TELEGRAM_API.script,
    handler: (c) =>
      c.body(
        telegramLoginScript(c.get('ctx').settings.telegramOAuthUrl ?? DEFAULT_TELEGRAM_OAUTH_URL),
        200,
        TELEGRAM_SCRIPT_HEADERS,
      ),
  },
];
