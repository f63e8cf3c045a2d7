import { isAppId, LatchError } from '@latch/protocol';
import type { ServerContext } from '../kernel/context.js';
import type { TelegramBotConfig } from '../modules/telegram/TelegramLogin.js';
import { UsageError } from './usageError.js';

/** The usage lines of the Telegram commands (docs/telegram-and-custom-token.md). */
export const TELEGRAM_USAGE = `  apps telegram set <app-id> --bot-id ID --bot-name NAME (--bot-token-file PATH | LATCH_TELEGRAM_BOT_TOKEN)
                                 the app's Telegram bot (from @BotFather): its token is stored sealed under
                                 the master key, its id and name go to the app's public telegram_auth_config;
                                 then turn Telegram on: apps update <app-id> --config '{"telegram_auth":true}'
  apps telegram remove <app-id>  forget the bot (refused while telegram_auth is on)`;

/** The options of the Telegram commands (`bot-token` is filled by the CLI from the file or the environment). */
export const TELEGRAM_OPTIONS = {
  'bot-id': { type: 'string' },
  'bot-name': { type: 'string' },
  'bot-token-file': { type: 'string' },
  'bot-token': { type: 'string' },
} as const;

/** What a Telegram command reads of a parsed command line. */
interface TelegramCommand {
  /** 'set' or 'remove'. */
  action?: string;
  appId?: string;
  values: { 'bot-id'?: string; 'bot-name'?: string; 'bot-token'?: string };
}

// A bot's id is its user id; its name is a Telegram username that ends in "bot" (core.telegram.org/bots/features#botfather).
const BOT_ID = /^\d{1,20}$/;
const BOT_NAME = /^[A-Za-z][A-Za-z0-9_]{3,30}[Bb][Oo][Tt]$/;
// BotFather's tokens are "<bot id>:<secret>"; only the shape is checked, and the prefix against --bot-id.
const BOT_TOKEN = /^(\d{1,20}):[A-Za-z0-9_-]{30,100}$/;

/** Checks a Telegram command line before any database is opened; throws UsageError naming the problem. */
export function assertTelegramRunnable({ action, appId, values }: TelegramCommand): void {
  if (action !== 'set' && action !== 'remove') {
    throw new UsageError(`Unknown apps telegram command "${action ?? ''}" (set, remove).\n\n${TELEGRAM_USAGE}`);
  }
  if (!appId) throw new UsageError(`apps telegram ${action} needs the app id.`);
  if (!isAppId(appId)) throw new LatchError('invalid_app_id');
  if (action === 'remove') return;
  const botId = values['bot-id'];
  const botName = values['bot-name'];
  if (!botId || !BOT_ID.test(botId)) throw new UsageError('--bot-id must be the bot’s numeric id (e.g. 123456789).');
  if (!botName || !BOT_NAME.test(botName.replace(/^@/, ''))) {
    throw new UsageError('--bot-name must be the bot’s username from @BotFather, ending in "bot" (e.g. AcmeLoginBot).');
  }
}

/** The bot token of a `set` command, checked against the bot id; the message never holds the token. */
function botToken(values: TelegramCommand['values']): string {
  const token = values['bot-token'];
  if (!token)
    throw new UsageError('apps telegram set needs the bot token: --bot-token-file PATH or LATCH_TELEGRAM_BOT_TOKEN.');
  const match = token.match(BOT_TOKEN);
  if (!match) throw new UsageError('The bot token does not look like one from @BotFather ("<bot id>:<secret>").');
  if (match[1] !== values['bot-id']) throw new UsageError('The bot token belongs to another bot than --bot-id.');
  return token;
}

/**
 * Runs `apps telegram set|remove`: the bot's token goes to the app's login credentials (sealed), its id and
 * name to the app's public `telegram_auth_config`, which the widget reads. Prints the app id and the bot.
 */
export async function runTelegramCommand(
  ctx: ServerContext,
  command: TelegramCommand,
  print: (value: unknown) => void,
): Promise<number> {
  assertTelegramRunnable(command);
  const app = await ctx.apps.require(command.appId);
  if (command.action === 'remove') {
    if (app.config.telegram_auth) {
      throw new LatchError(
        'invalid_data',
        `Telegram login is on for this app: turn it off first (apps update ${app.id} --config '{"telegram_auth":false}').`,
      );
    }
    const removed = await ctx.loginCredentials.remove(app.id, 'telegram');
    await ctx.apps.update(app.id, { config: { telegram_auth_config: null } });
    print({ app_id: app.id, telegram: null, removed });
    return 0;
  }
  const bot: TelegramBotConfig = {
    bot_id: command.values['bot-id'] as string,
    bot_name: (command.values['bot-name'] as string).replace(/^@/, ''),
  };
  await ctx.loginCredentials.set(app.id, 'telegram', bot, botToken(command.values));
  await ctx.apps.update(app.id, { config: { telegram_auth_config: bot } });
  print({ app_id: app.id, telegram: bot });
  return 0;
}
