import type { TokenResponse, User, WireTelegramAuthResult } from '@latch/protocol';
import { TELEGRAM_API } from '@latch/protocol/oauth';
import { type ActionContext, type LoginResult, sendForUser, signIn } from '../actions/context.js';
import { SocialLoginError } from './socialLoginError.js';

/** The login script's API (served by Latch at TELEGRAM_API.script; docs/telegram-and-custom-token.md). */
export interface TelegramLoginWidget {
  auth(
    options: { bot_id: string; request_access?: 'write'; lang?: string },
    callback: (result: WireTelegramAuthResult | false) => void,
  ): void;
}

/** The bot an app logs in with (app config `loginConfig.telegram`). */
interface TelegramBot {
  botId: string;
  botName: string;
}

/** What loading the script needs of the page (the browser's `document`; a stand-in in tests). */
export interface ScriptDocument {
  querySelector(selector: string): unknown;
  createElement(tag: 'script'): HTMLScriptElement;
  head: { appendChild(node: HTMLScriptElement): unknown };
}

const SCRIPT_MARK = 'data-latch-telegram';
let loading: Promise<void> | null = null;

/**
 * Inserts the Telegram login script from Latch's own host (SPEC §7 "Telegram script": bot name, write access,
 * English), once per page; resolves when it ran. A failed load may be tried again.
 */
export function loadTelegramScript(apiUrl: string, bot: TelegramBot, doc: ScriptDocument): Promise<void> {
  if (loading) return loading;
  if (doc.querySelector(`script[${SCRIPT_MARK}]`)) return Promise.resolve();
  loading = new Promise<void>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = `${apiUrl.replace(/\/+$/, '')}${TELEGRAM_API.script}`;
    script.async = true;
    script.setAttribute(SCRIPT_MARK, '');
    script.setAttribute('data-telegram-login', bot.botName);
    script.setAttribute('data-request-access', 'write');
    script.setAttribute('data-lang', 'en');
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      loading = null;
      reject(new SocialLoginError('telegram_not_initialized'));
    };
    doc.head.appendChild(script);
  });
  return loading;
}

/**
 * Opens Telegram's login popup through the loaded script — synchronously, so that it runs inside the user's click —
 * and resolves with its result: `telegram_not_initialized` without the script or a bot, `telegram_auth_failed` when
 * the popup gives none (SPEC §8).
 */
export function authorizeTelegram(
  bot: TelegramBot | null | undefined,
  widget: TelegramLoginWidget | undefined,
): Promise<WireTelegramAuthResult> {
  if (!bot || !widget) return Promise.reject(new SocialLoginError('telegram_not_initialized'));
  return new Promise((resolve, reject) => {
    widget.auth({ bot_id: bot.botId, request_access: 'write', lang: 'en' }, (result) =>
      result ? resolve(result) : reject(new SocialLoginError('telegram_auth_failed')),
    );
  });
}

/** Logs in (or signs up) with a Telegram login result: a fresh login (session, device grant). */
export async function loginWithTelegram(
  ctx: ActionContext,
  result: WireTelegramAuthResult,
  captchaToken?: string,
): Promise<LoginResult> {
  const body = { telegram_auth_result: result, ...(captchaToken ? { captcha_token: captchaToken } : {}) };
  return signIn(
    ctx,
    await ctx.transport.request<TokenResponse>(TELEGRAM_API.authenticate, { body, signal: ctx.signal }),
  );
}

/** Links a Telegram account to the signed-in user; returns the user. */
export function linkTelegram(ctx: ActionContext, result: WireTelegramAuthResult): Promise<User> {
  return sendForUser(ctx, TELEGRAM_API.link, { telegram_auth_result: result });
}

/** Removes the user's Telegram account (SPEC §7: telegram_user_id); returns the user. */
export function unlinkTelegram(ctx: ActionContext, telegramUserId: string | number): Promise<User> {
  return sendForUser(ctx, TELEGRAM_API.unlink, { telegram_user_id: String(telegramUserId) });
}
