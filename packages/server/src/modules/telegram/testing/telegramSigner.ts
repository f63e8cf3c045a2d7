import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import type { WireTelegramAuthResult } from '@latch/protocol';

/** A bot as BotFather makes one: numeric id, a username ending in "bot", and the token "<id>:<secret>". */
export interface TestBot {
  botId: string;
  botName: string;
  botToken: string;
}

/** A fresh test bot (random id and secret). */
export function testBot(): TestBot {
  const botId = String(randomInt(1_000_000, 2_000_000_000));
  const secret = randomBytes(27).toString('base64url').slice(0, 35);
  return { botId, botName: `LatchTest${botId}Bot`, botToken: `${botId}:${secret}` };
}

/**
 * Signs a Login Widget result as Telegram's server does (core.telegram.org/widgets/login "Checking
 * authorization": HMAC-SHA-256 of the sorted data-check-string, keyed with SHA-256(bot token)). The tests'
 * stand-in for Telegram; the server checks it with @telegram-auth/server.
 */
export function signTelegramResult(
  botToken: string,
  fields: Omit<WireTelegramAuthResult, 'hash'>,
): WireTelegramAuthResult {
  const dataCheckString = Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join('\n');
  const secret = createHash('sha256').update(botToken).digest();
  return { ...fields, hash: createHmac('sha256', secret).update(dataCheckString).digest('hex') };
}

/** A signed result for Telegram user `id` at `authDate` (seconds; default: now). */
export function telegramResult(
  bot: TestBot,
  id: number,
  options: { authDate?: number; username?: string; firstName?: string } = {},
): WireTelegramAuthResult {
  return signTelegramResult(bot.botToken, {
    id,
    first_name: options.firstName ?? 'Ada',
    username: options.username ?? `ada${id}`,
    auth_date: options.authDate ?? Math.floor(Date.now() / 1000),
  });
}
