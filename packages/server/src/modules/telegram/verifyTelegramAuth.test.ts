import { OAUTH_LIMIT } from '@latch/protocol/oauth';
import { describe, expect, it } from 'vitest';
import { signTelegramResult, telegramResult, testBot } from './testing/telegramSigner.js';
import { telegramResultLifetimeMs, verifyTelegramAuth } from './verifyTelegramAuth.js';

const bot = testBot();
const nowMs = Date.now();
const nowSec = Math.floor(nowMs / 1000);

/** The refusal's code and message, or 'ok'. */
async function outcome(promise: Promise<void>) {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    return { code: (error as { code?: string }).code, message: (error as Error).message };
  }
}

describe('verifyTelegramAuth', () => {
  it('accepts a result Telegram signed for this bot, with or without the optional fields', async () => {
    expect(await outcome(verifyTelegramAuth(telegramResult(bot, 42), bot.botToken, nowMs))).toBe('ok');
    const minimal = signTelegramResult(bot.botToken, { id: 7, first_name: 'Bo', auth_date: nowSec });
    expect(await outcome(verifyTelegramAuth(minimal, bot.botToken, nowMs))).toBe('ok');
    const full = signTelegramResult(bot.botToken, {
      id: 8,
      first_name: 'Cy',
      last_name: 'Dee',
      username: 'cyd',
      photo_url: 'https://t.me/i/userpic/320/cyd.jpg',
      auth_date: nowSec,
    });
    expect(await outcome(verifyTelegramAuth(full, bot.botToken, nowMs))).toBe('ok');
  });

  it('refuses a changed field, another bot’s result and a forged hash', async () => {
    const good = telegramResult(bot, 42);
    const refused = { code: 'invalid_credentials', message: expect.stringContaining('did not verify') };
    expect(await outcome(verifyTelegramAuth({ ...good, id: 43 }, bot.botToken, nowMs))).toEqual(refused);
    expect(await outcome(verifyTelegramAuth({ ...good, username: 'admin' }, bot.botToken, nowMs))).toEqual(refused);
    // A field added to a signed result changes the data-check-string.
    expect(await outcome(verifyTelegramAuth({ ...good, last_name: 'X' }, bot.botToken, nowMs))).toEqual(refused);
    expect(await outcome(verifyTelegramAuth(telegramResult(testBot(), 42), bot.botToken, nowMs))).toEqual(refused);
    expect(await outcome(verifyTelegramAuth({ ...good, hash: '0'.repeat(64) }, bot.botToken, nowMs))).toEqual(refused);
  });

  it('refuses a result older than OAUTH_LIMIT.telegramMaxAgeSec and one dated beyond the clock skew', async () => {
    const maxAge = OAUTH_LIMIT.telegramMaxAgeSec;
    const skew = OAUTH_LIMIT.telegramClockSkewSec;
    expect(maxAge).toBeLessThanOrEqual(600);
    const at = (authDate: number) => verifyTelegramAuth(telegramResult(bot, 42, { authDate }), bot.botToken, nowMs);
    expect(await outcome(at(nowSec - maxAge + 5))).toBe('ok');
    expect(await outcome(at(nowSec - maxAge - 5))).toMatchObject({
      code: 'invalid_credentials',
      message: expect.stringContaining('too old'),
    });
    expect(await outcome(at(nowSec + skew - 5))).toBe('ok');
    expect(await outcome(at(nowSec + skew + 60))).toMatchObject({ message: expect.stringContaining('future') });
  });

  it('judges freshness by the server’s clock, not only the system clock', async () => {
    // The server's clock is an hour ahead of this machine's: a result signed "now" by the system clock is old.
    const result = telegramResult(bot, 42, { authDate: nowSec });
    expect(await outcome(verifyTelegramAuth(result, bot.botToken, nowMs + 3600_000))).toMatchObject({
      message: expect.stringContaining('too old'),
    });
  });

  it('never names the bot token or the hash in a refusal', async () => {
    const good = telegramResult(bot, 42);
    const refusal = await outcome(verifyTelegramAuth({ ...good, id: 1 }, bot.botToken, nowMs));
    expect(JSON.stringify(refusal)).not.toContain(bot.botToken);
    expect(JSON.stringify(refusal)).not.toContain(good.hash);
  });

  it('remembers a result until it would be too old anyway', () => {
    const result = telegramResult(bot, 42, { authDate: nowSec - 60 });
    const lifetime = telegramResultLifetimeMs(result, nowSec * 1000);
    expect(lifetime).toBe((OAUTH_LIMIT.telegramMaxAgeSec - 60 + 1) * 1000);
    expect(telegramResultLifetimeMs(result, (nowSec + 3600) * 1000)).toBe(1000);
  });
});
