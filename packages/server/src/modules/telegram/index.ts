import type { LatchModule } from '../../kernel/module.js';
import { TelegramLogin } from './TelegramLogin.js';
import { telegramRoutes } from './telegramRoutes.js';

declare module '../../kernel/context.js' {
  interface Services {
    /** Telegram login: the Login Widget's result checked against the app's bot token, once (modules/telegram/). */
    telegram: TelegramLogin;
  }
}

/** Telegram login and link (SPEC §7 "Telegram"). */
export const telegramModule: LatchModule = {
  id: 'telegram',
  services: (ctx) => ({ telegram: new TelegramLogin(ctx) }),
  routes: telegramRoutes,
};
