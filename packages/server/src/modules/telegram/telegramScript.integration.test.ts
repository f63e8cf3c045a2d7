import { TELEGRAM_API } from '@latch/protocol/oauth';
import { expect, it } from 'vitest';
import { captureLogs } from '../../kernel/delivery/testing/captureLogs.js';
import { createTestServer } from '../../test/harness.js';
import { telegramTestApp, telegramUserId } from './testing/telegramTestApp.js';

it('serves /js/telegram-login.js to any page: JavaScript, cacheable briefly, Telegram’s URL baked in', async () => {
  const server = await createTestServer({});
  try {
    const res = await server.call('GET', TELEGRAM_API.script, { headers: { origin: 'https://any-host.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const script = await res.text();
    expect(script).toContain('const TELEGRAM_OAUTH_URL = "https://oauth.telegram.org";');
    expect(script).toContain('window.LatchTelegramLogin');
    // Nothing a strict CSP forbids.
    expect(script).not.toMatch(/\beval\(|new Function|innerHTML|setAttribute\('on/);
  } finally {
    await server.close();
  }
});

it('bakes LATCH_TELEGRAM_OAUTH_URL (the dev stand-in) into the script', async () => {
  const server = await createTestServer({ telegramOAuthUrl: 'http://127.0.0.1:8790/telegram' });
  try {
    const script = await (await server.call('GET', TELEGRAM_API.script)).text();
    expect(script).toContain('const TELEGRAM_OAUTH_URL = "http://127.0.0.1:8790/telegram";');
  } finally {
    await server.close();
  }
});

it('never writes the bot token or a result’s hash to the logs, even at trace level and on refusals', async () => {
  const logs = captureLogs('trace');
  const server = await createTestServer({}, 'pglite', { logger: logs.logger });
  try {
    const app = await telegramTestApp(server);
    const good = app.result(telegramUserId());
    expect((await app.authenticate(good)).status).toBe(200);
    expect((await app.authenticate(good)).status).toBe(422);
    const forged = { ...app.result(telegramUserId()), first_name: 'Mallory' };
    expect((await app.authenticate(forged)).status).toBe(422);
    const text = logs.lines.join('');
    // The capture is live: the requests were logged.
    expect(text).toContain(TELEGRAM_API.authenticate);
    expect(text).toContain('"status":422');
    for (const secret of [app.bot.botToken, app.bot.botToken.split(':')[1]!, good.hash, forged.hash]) {
      expect(text).not.toContain(secret);
    }
  } finally {
    await server.close();
  }
});
