import { LatchError, type WireTelegramAuthResult } from '@latch/protocol';
import { OAUTH_LIMIT } from '@latch/protocol/oauth';
import { AuthDataValidator, objectToAuthDataMap } from '@telegram-auth/server';

/** Why a Telegram login result is refused; each maps to one clear message. */
type TelegramRefusal = 'bad_hash' | 'too_old' | 'from_the_future' | 'replayed';

const MESSAGES: Record<TelegramRefusal, string> = {
  bad_hash: 'The Telegram login data did not verify with the app’s bot.',
  too_old: 'The Telegram login data is too old. Log in with Telegram again.',
  from_the_future: 'The Telegram login data is dated in the future. Check the server’s clock.',
  replayed: 'This Telegram login was already used. Log in with Telegram again.',
};

/**
 * The refusal of a Telegram login result: `invalid_credentials`, the catalogue's code for a proof of
 * identity that does not check out (SDK text 'Something went wrong. Try again.'); the message says which check.
 */
export const telegramRefused = (why: TelegramRefusal) => new LatchError('invalid_credentials', MESSAGES[why]);

/**
 * The fields Telegram signed, as the data-check-string takes them: every field received but `hash`, absent
 * ones left out (core.telegram.org/widgets/login "Checking authorization"). The body schema keeps only the
 * documented fields, so an added field cannot change what is checked.
 */
function signedFields(result: WireTelegramAuthResult): Record<string, string | number> {
  const fields: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(result)) if (value !== undefined) fields[key] = value;
  return fields;
}

/**
 * Checks a Login Widget result against the bot token: the HMAC-SHA-256 keyed with SHA-256(bot token) over the
 * data-check-string (`@telegram-auth/server`, constant-time compare), then `auth_date` against the server's
 * clock: at most OAUTH_LIMIT.telegramMaxAgeSec old, at most OAUTH_LIMIT.telegramClockSkewSec ahead.
 * Throws `invalid_credentials`; never puts the bot token or the hash in a message.
 */
export async function verifyTelegramAuth(
  result: WireTelegramAuthResult,
  botToken: string,
  nowMs: number,
): Promise<void> {
  // The library's own freshness check reads the system clock; it is given the same bound as a second line.
  const validator = new AuthDataValidator({ botToken, inValidateDataAfter: OAUTH_LIMIT.telegramMaxAgeSec });
  try {
    await validator.validate(objectToAuthDataMap(signedFields(result)));
  } catch (error) {
    const expired = error instanceof Error && /expired/i.test(error.message);
    throw telegramRefused(expired ? 'too_old' : 'bad_hash');
  }
  const nowSec = Math.floor(nowMs / 1000);
  if (nowSec - result.auth_date > OAUTH_LIMIT.telegramMaxAgeSec) throw telegramRefused('too_old');
  if (result.auth_date - nowSec > OAUTH_LIMIT.telegramClockSkewSec) throw telegramRefused('from_the_future');
}

/** How long a verified result stays acceptable from `nowMs`: until then, its hash must be remembered to refuse a replay. */
export function telegramResultLifetimeMs(result: WireTelegramAuthResult, nowMs: number): number {
  const expiresAtMs = (result.auth_date + OAUTH_LIMIT.telegramMaxAgeSec + 1) * 1000;
  return Math.max(1000, expiresAtMs - nowMs);
}
