import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TELEGRAM_API } from '@latch/protocol/oauth';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { telegramResult, testBot } from '../modules/telegram/testing/telegramSigner.js';
import { createTestServer, type TestServer, widgetHeaders } from '../test/harness.js';
import { failureMessage, parseCommand, runCommand } from './commands.js';
import { inlineSecrets } from './secretOptions.js';

// The CLI's path in this process: secrets inlined as main() does, then the command on a real server's context.

const dir = mkdtempSync(join(tmpdir(), 'latch-tg-cli-'));
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({});
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs a command line as the CLI does; answers its exit code, printed lines and failure message. */
async function cli(argv: string[], env: NodeJS.ProcessEnv = {}) {
  const lines: string[] = [];
  try {
    const code = await runCommand(server.ctx, parseCommand(inlineSecrets(argv, env)), (v) =>
      lines.push(JSON.stringify(v)),
    );
    return { code, out: lines.join('\n'), error: '' };
  } catch (error) {
    return { code: 1, out: lines.join('\n'), error: failureMessage(error) };
  }
}

it('apps telegram set stores the bot (token sealed, id and name public), after which Telegram login works', async () => {
  const bot = testBot();
  const { appId, clientId } = await server.createApp({ config: { email_auth: true } });
  const file = join(dir, 'token');
  writeFileSync(file, `${bot.botToken}\n`);
  const set = await cli([
    'apps',
    'telegram',
    'set',
    appId,
    '--bot-id',
    bot.botId,
    '--bot-name',
    `@${bot.botName}`,
    '--bot-token-file',
    file,
  ]);
  expect(set).toMatchObject({ code: 0, error: '' });
  expect(JSON.parse(set.out)).toEqual({ app_id: appId, telegram: { bot_id: bot.botId, bot_name: bot.botName } });
  expect(set.out).not.toContain(bot.botToken.split(':')[1]);
  const stored = await server.ctx.loginCredentials.get(appId, 'telegram');
  expect(stored).toMatchObject({ publicConfig: { bot_id: bot.botId, bot_name: bot.botName }, secret: bot.botToken });
  // The row holds the token sealed, not in clear.
  const { rows } = await sql`select * from app_login_credentials where app_id = ${appId}`.execute(server.db);
  expect(rows).toHaveLength(1);
  expect(JSON.stringify(rows)).not.toContain(bot.botToken.split(':')[1]);
  // The public app config names the bot for the widget.
  const publicConfig = await (
    await server.call('GET', `/api/v1/apps/${appId}`, { headers: widgetHeaders(appId, clientId) })
  ).json();
  expect(JSON.stringify(publicConfig)).toContain(bot.botName);
  expect(JSON.stringify(publicConfig)).not.toContain(bot.botToken.split(':')[1]);

  expect((await cli(['apps', 'update', appId, '--config', '{"telegram_auth":true}'])).code).toBe(0);
  const result = telegramResult(bot, 4242, { authDate: Math.floor(server.ctx.clock.now().getTime() / 1000) });
  const login = await server.call('POST', TELEGRAM_API.authenticate, {
    body: { telegram_auth_result: result },
    headers: widgetHeaders(appId, clientId),
  });
  expect(login.status).toBe(200);
});

it('takes the token from LATCH_TELEGRAM_BOT_TOKEN; refuses one typed on the command line or of another bot', async () => {
  const bot = testBot();
  const { appId } = await server.createApp({ config: { email_auth: true } });
  const args = ['apps', 'telegram', 'set', appId, '--bot-id', bot.botId, '--bot-name', bot.botName];
  expect((await cli(args, { LATCH_TELEGRAM_BOT_TOKEN: bot.botToken })).code).toBe(0);
  expect((await server.ctx.loginCredentials.get(appId, 'telegram'))?.secret).toBe(bot.botToken);

  const other = testBot();
  const refusals = [
    await cli([...args, '--bot-token', other.botToken]),
    await cli(args, { LATCH_TELEGRAM_BOT_TOKEN: other.botToken }),
    await cli(args, { LATCH_TELEGRAM_BOT_TOKEN: 'not-a-token' }),
    await cli(args),
  ];
  expect(refusals.map((r) => r.code)).toEqual([1, 1, 1, 1]);
  expect(refusals[0]!.error).toMatch(/never given on the command line/);
  expect(refusals[1]!.error).toMatch(/belongs to another bot/);
  expect(refusals[2]!.error).toMatch(/does not look like one/);
  expect(refusals[3]!.error).toMatch(/needs the bot token/);
  for (const refusal of refusals) expect(refusal.error).not.toContain(other.botToken.split(':')[1]);
  // Nothing changed: still the first bot.
  expect((await server.ctx.loginCredentials.get(appId, 'telegram'))?.secret).toBe(bot.botToken);
});

it('refuses a bad bot id or name, naming the option', async () => {
  const bot = testBot();
  const { appId } = await server.createApp({ config: { email_auth: true } });
  const env = { LATCH_TELEGRAM_BOT_TOKEN: bot.botToken };
  const badId = await cli(['apps', 'telegram', 'set', appId, '--bot-id', 'abc', '--bot-name', bot.botName], env);
  expect(badId.error).toMatch(/--bot-id/);
  const badName = await cli(['apps', 'telegram', 'set', appId, '--bot-id', bot.botId, '--bot-name', 'acme'], env);
  expect(badName.error).toMatch(/--bot-name/);
  const noApp = await cli(['apps', 'telegram', 'set'], env);
  expect(noApp.error).toMatch(/needs the app id/);
  expect(await server.ctx.loginCredentials.get(appId, 'telegram')).toBeNull();
});

it('apps telegram remove forgets the bot, but not while Telegram login is on', async () => {
  const bot = testBot();
  const { appId } = await server.createApp({ config: { email_auth: true } });
  await cli(['apps', 'telegram', 'set', appId, '--bot-id', bot.botId, '--bot-name', bot.botName], {
    LATCH_TELEGRAM_BOT_TOKEN: bot.botToken,
  });
  await cli(['apps', 'update', appId, '--config', '{"telegram_auth":true}']);
  const refused = await cli(['apps', 'telegram', 'remove', appId]);
  expect(refused.code).toBe(1);
  expect(refused.error).toMatch(/turn it off first/);
  expect(await server.ctx.loginCredentials.get(appId, 'telegram')).not.toBeNull();

  await cli(['apps', 'update', appId, '--config', '{"telegram_auth":false}']);
  const removed = await cli(['apps', 'telegram', 'remove', appId]);
  expect(removed.code).toBe(0);
  expect(JSON.parse(removed.out)).toEqual({ app_id: appId, telegram: null, removed: true });
  expect(await server.ctx.loginCredentials.get(appId, 'telegram')).toBeNull();
  expect((await server.ctx.apps.require(appId)).config.telegram_auth_config).toBeNull();
});
