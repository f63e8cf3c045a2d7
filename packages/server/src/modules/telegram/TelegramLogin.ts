import { LatchError, type TokenResponse, type WireTelegramAuthResult } from '@latch/protocol';
import type { AppRecord } from '../../identity/apps/appStore.js';
import type { AuthenticatedUser } from '../../identity/http/requireCaller.js';
import { logIn } from '../../identity/sessions/sessions.js';
import type { AccountInput } from '../../identity/users/accounts.js';
import type { UserWithAccounts } from '../../identity/users/userRecords.js';
import { linkAccount, unlinkAccount } from '../../identity/users/users.js';
import type { ServerContext } from '../../kernel/context.js';
import { KeyThrottle } from '../../kernel/throttle/KeyThrottle.js';
import type { Limit } from '../../kernel/throttle/SendThrottle.js';
import { telegramRefused, telegramResultLifetimeMs, verifyTelegramAuth } from './verifyTelegramAuth.js';

/** What the Telegram service needs: the login path's parts, the app's bot credentials and the short-lived store. */
type TelegramContext = Pick<
  ServerContext,
  'db' | 'clock' | 'apps' | 'keys' | 'settings' | 'shortLived' | 'loginCredentials' | 'sessionHooks'
>;

/** The public half of an app's Telegram credentials (the secret half is the bot token). */
export interface TelegramBotConfig {
  bot_id: string;
  bot_name: string;
}

/**
 * Telegram logins and links one client IP (or one signed-in user) may try per app: each needs a result
 * Telegram signed, so this only bounds the work a flood makes (HMAC, a store write, a login); far above
 * a person retrying. As for passkey challenges.
 */
const DEFAULT_TELEGRAM_LIMIT: Limit = { points: 60, durationSec: 10 * 60 };

/** SDK text of `disallowed_login_method` for Telegram (SPEC §8). */
const notAllowed = () => new LatchError('disallowed_login_method', 'Login with Telegram not allowed.');

/** SDK text of Telegram's rate limit (SPEC §8). */
const TOO_MANY = 'Request limit reached for Telegram. Please wait a moment and try again.';

/** The linked account of a verified result (SPEC §4: telegram_user_id, username, first_name). */
function telegramAccount(result: WireTelegramAuthResult): AccountInput {
  return {
    type: 'telegram',
    telegram_user_id: String(result.id),
    username: result.username ?? null,
    first_name: result.first_name,
  };
}

/**
 * Telegram login (docs/telegram-and-custom-token.md): checks a Login Widget result against the app's bot
 * token, once (a result's hash is remembered until the result would be too old anyway, so a replay is
 * refused), and logs in, links or unlinks the Telegram account through the server's login path.
 */
export class TelegramLogin {
  private readonly throttle: KeyThrottle;

  constructor(
    private readonly ctx: TelegramContext,
    limit: Limit = DEFAULT_TELEGRAM_LIMIT,
  ) {
    this.throttle = new KeyThrottle(ctx.shortLived.throttleBackend, 'telegram', limit);
  }

  /** Logs in or signs up the Telegram user of `result`: a fresh login (TokenResponse with a device grant). */
  async logIn(app: AppRecord, result: WireTelegramAuthResult, ip: string): Promise<TokenResponse> {
    if (!app.config.telegram_auth) throw notAllowed();
    await this.consume(`${app.id}:${ip}`);
    await this.verifyOnce(app, result);
    return logIn(this.ctx, app, telegramAccount(result));
  }

  /** Links the Telegram user of `result` to the caller (one per user); answers the updated user. */
  async link(caller: AuthenticatedUser, result: WireTelegramAuthResult): Promise<UserWithAccounts> {
    const { app, user } = caller;
    if (!app.config.telegram_auth) throw notAllowed();
    // `user:` keeps a user's key apart from the IP keys.
    await this.consume(`${app.id}:user:${user.id}`);
    await this.verifyOnce(app, result);
    return linkAccount(this.ctx, app.id, user.id, telegramAccount(result));
  }

  /** Unlinks the caller's Telegram account; never the last login method. */
  async unlink(caller: AuthenticatedUser, telegramUserId: string): Promise<UserWithAccounts> {
    const { app, user } = caller;
    // Only the id identifies the account; the other fields are not read by unlink.
    return unlinkAccount(this.ctx, app.id, user.id, {
      type: 'telegram',
      telegram_user_id: telegramUserId,
      username: null,
      first_name: null,
    });
  }

  /** The app's bot token, or `disallowed_login_method` when it has none (Telegram on, its bot never set). */
  private async botToken(app: AppRecord): Promise<string> {
    const credential = await this.ctx.loginCredentials.get<TelegramBotConfig>(app.id, 'telegram');
    if (!credential?.secret) throw notAllowed();
    return credential.secret;
  }

  /**
   * Verifies `result` with the app's bot token and spends it: of two uses of one result, one passes. The hash
   * is an HMAC of everything Telegram signed, so it names the result; it is remembered server-wide (not per
   * app), so a result is used once even where two apps share a bot.
   */
  private async verifyOnce(app: AppRecord, result: WireTelegramAuthResult): Promise<void> {
    const token = await this.botToken(app);
    const nowMs = this.ctx.clock.now().getTime();
    await verifyTelegramAuth(result, token, nowMs);
    const uses = await this.ctx.shortLived.increment(
      `telegram-auth:${result.hash}`,
      1,
      telegramResultLifetimeMs(result, nowMs),
    );
    if (uses.count > 1) throw telegramRefused('replayed');
  }

  private async consume(key: string): Promise<void> {
    try {
      await this.throttle.consume(key);
    } catch (error) {
      if (error instanceof LatchError && error.code === 'too_many_requests') {
        throw new LatchError('too_many_requests', TOO_MANY, { retryAfter: error.retryAfter });
      }
      throw error;
    }
  }
}
