import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WireTelegramAuthResult } from '@latch/protocol';
import { escapeHtml, readBody, sendHtml } from './http.js';
import { errorPage, page } from './pages.js';

/** The stand-in bot, as BotFather would hand it out. */
export interface DevTelegramBot {
  /** Where the Telegram login page lives (`<origin>/auth`): LATCH_TELEGRAM_OAUTH_URL. */
  origin: string;
  botId: string;
  botName: string;
  botToken: string;
}

/** The user a Telegram login is for (the page's fields). */
export interface TelegramUser {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  photo_url?: string;
}

/**
 * Signs a login result as Telegram does (core.telegram.org/widgets/login#checking-authorization): the
 * data-check-string (every field but `hash`, sorted, `key=value` joined by newlines), HMAC-SHA-256 keyed
 * with SHA-256 of the bot token, in hex.
 */
export function signTelegramResult(botToken: string, user: TelegramUser, authDate: number): WireTelegramAuthResult {
  const fields: Record<string, string | number> = { auth_date: authDate };
  for (const [key, value] of Object.entries(user)) if (value !== undefined && value !== '') fields[key] = value;
  const dataCheckString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const secret = createHash('sha256').update(botToken).digest();
  const hash = createHmac('sha256', secret).update(dataCheckString).digest('hex');
  return { ...(fields as unknown as Omit<WireTelegramAuthResult, 'hash'>), hash };
}

/** A fresh stand-in bot for the server at `origin`. */
export function newTelegramBot(origin: string): DevTelegramBot {
  const botId = String(7_000_000_000 + randomBytes(3).readUIntBE(0, 3));
  return { origin, botId, botName: 'LatchDevBot', botToken: `${botId}:${randomBytes(26).toString('base64url')}` };
}

/** The popup's script: posts the result (or false) to the opener at the given origin, then closes. */
export const TELEGRAM_POPUP_SCRIPT = `'use strict';
(function () {
  var el = document.getElementById('telegram-result');
  if (!el) return;
  var origin = el.getAttribute('data-origin');
  var result = JSON.parse(el.getAttribute('data-result'));
  if (window.opener && origin) {
    window.opener.postMessage(JSON.stringify({ event: 'auth_result', result: result }), origin);
  }
  window.close();
})();
`;

/** The origin a login is for, as Telegram takes it (`origin=`): an http(s) origin, or null. */
function parseOrigin(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value ? value : null;
  } catch {
    return null;
  }
}

/**
 * Telegram's login popup (`GET /auth?bot_id=&origin=&request_access=write&lang=en`): id, first name and
 * username; Continue signs the data on this server and the page posts it to the opener; Cancel posts false.
 */
export async function handleTelegram(
  req: IncomingMessage,
  res: ServerResponse,
  bot: DevTelegramBot,
  search: URLSearchParams,
): Promise<void> {
  const label = 'Telegram';
  const form = req.method === 'POST' ? new URLSearchParams(await readBody(req)) : search;
  const origin = parseOrigin(form.get('origin'));
  if (form.get('bot_id') !== bot.botId) return sendHtml(res, 400, errorPage(label, 'Bot id invalid.'));
  if (!origin)
    return sendHtml(res, 400, errorPage(label, 'The origin parameter is missing or is not an http(s) origin.'));
  if (req.method === 'POST') {
    let result: WireTelegramAuthResult | false = false;
    if (form.get('action') !== 'cancel') {
      const id = Number(form.get('id'));
      const firstName = (form.get('first_name') ?? '').trim();
      if (!Number.isSafeInteger(id) || id <= 0 || !firstName)
        return sendHtml(res, 400, errorPage(label, 'Enter a positive numeric id and a first name.'));
      const username = (form.get('username') ?? '').trim();
      result = signTelegramResult(
        bot.botToken,
        { id, first_name: firstName, ...(username ? { username } : {}) },
        Math.floor(Date.now() / 1000),
      );
    }
    const body = `<p>${result ? 'Logged in. You can close this window.' : 'Cancelled. You can close this window.'}</p>
<div id="telegram-result" data-origin="${escapeHtml(origin)}" data-result="${escapeHtml(JSON.stringify(result))}"></div>`;
    return sendHtml(res, 200, page('Log in with Telegram', label, body, '/assets/telegram-popup.js'));
  }
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const id = 100_000_000 + randomBytes(3).readUIntBE(0, 3);
  const body = `<p>Log in to <code>${escapeHtml(origin)}</code> with the bot <code>@${escapeHtml(bot.botName)}</code>${
    form.get('request_access') === 'write' ? ' (it may send you messages)' : ''
  }.</p>
<form method="post" action="/auth">
${hidden('bot_id', bot.botId)}${hidden('origin', origin)}
<label for="id">Telegram user id</label>
<input id="id" name="id" inputmode="numeric" pattern="[0-9]+" required value="${id}">
<label for="first_name">First name</label>
<input id="first_name" name="first_name" required value="Ada">
<label for="username">Username</label>
<input id="username" name="username" value="ada_${id % 10000}">
<div class="actions">
<button type="submit" name="action" value="continue">Continue</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</div>
</form>`;
  return sendHtml(res, 200, page('Log in with Telegram', label, body));
}
