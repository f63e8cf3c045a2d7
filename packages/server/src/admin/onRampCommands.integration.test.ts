import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDENTITY_API } from '@latch/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli } from '../cli.js';
import { createTestServer, type TestServer } from '../test/harness.js';
import { failureMessage, parseCommand, runCommand, USAGE } from './commands.js';
import { inlineSecrets } from './secretOptions.js';

// `apps onramp set|clear|list` and the fiat_on_ramp_enabled check, as the CLI runs them in this process:
// secrets inlined as main() does, then the command on a real server's context.

const dir = mkdtempSync(join(tmpdir(), 'latch-onramp-cli-'));
const LIVE_SECRET = 'sk_live_CLI_NEVER_PRINTED_91c2';
const SANDBOX_SECRET = 'sk_test_CLI_NEVER_PRINTED_5d07';
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

const secretFile = (name: string, content: string) => {
  const path = join(dir, name);
  writeFileSync(path, `${content}\n`, { mode: 0o600 });
  return path;
};

it('sets live and sandbox keys (secret from a file or the environment), never printing a secret', async () => {
  const { appId } = await server.createApp();
  const live = await cli([
    ...['apps', 'onramp', 'set', appId, '--publishable-key', 'pk_live_cli'],
    ...['--secret-key-file', secretFile('live', LIVE_SECRET)],
  ]);
  expect(live.code).toBe(0);
  expect(JSON.parse(live.out)).toEqual({
    app_id: appId,
    mode: 'live',
    fiat_on_ramp_enabled: false,
    publishable_key: 'pk_live_cli',
    widget_url: 'https://buy.moonpay.com',
    api_url: 'https://api.moonpay.com',
    has_secret_key: true,
  });
  const sandbox = await cli(
    [
      ...['apps', 'onramp', 'set', appId, '--sandbox', '--publishable-key', 'pk_test_cli'],
      ...['--widget-url', 'http://127.0.0.1:4010/buy', '--api-url', 'http://127.0.0.1:4010/api'],
    ],
    { LATCH_ONRAMP_SECRET_KEY: SANDBOX_SECRET },
  );
  expect(sandbox.code).toBe(0);
  expect(JSON.parse(sandbox.out)).toMatchObject({ mode: 'sandbox', widget_url: 'http://127.0.0.1:4010/buy' });
  const list = await cli(['apps', 'onramp', 'list', appId]);
  expect(list.out.split('\n').map((line) => JSON.parse(line).mode)).toEqual(['live', 'sandbox']);
  for (const text of [live.out, sandbox.out, list.out]) {
    expect(text).not.toContain(LIVE_SECRET);
    expect(text).not.toContain(SANDBOX_SECRET);
  }
  // Stored sealed; opened only by the store.
  const rows = await server.db.selectFrom('app_on_ramp_credentials').selectAll().where('app_id', '=', appId).execute();
  expect(rows).toHaveLength(2);
  for (const row of rows) expect(row.secret_sealed).not.toMatch(/NEVER_PRINTED/);
  expect((await server.ctx.onRampSettings.get(appId, 'live'))?.secretKey).toBe(LIVE_SECRET);
  expect((await server.ctx.onRampSettings.get(appId, 'sandbox'))?.secretKey).toBe(SANDBOX_SECRET);
});

it('refuses bad command lines and bad values, naming the problem but never the secret', async () => {
  const { appId } = await server.createApp();
  const file = secretFile('bad', 'sk live with spaces NEVER_PRINTED');
  const cases: Array<[string[], NodeJS.ProcessEnv, string]> = [
    [
      ['apps', 'onramp', 'set', appId, '--publishable-key', 'pk', '--secret-key', 'sk_typed'],
      {},
      'never given on the command line',
    ],
    [['apps', 'onramp', 'set', appId, '--secret-key-file', file], {}, 'needs --publishable-key'],
    [['apps', 'onramp', 'set', appId, '--publishable-key', 'pk'], {}, 'needs the secret key'],
    [['apps', 'onramp', 'set', appId, '--publishable-key', 'pk', '--secret-key-file', file], {}, 'secret key must be'],
    [
      ['apps', 'onramp', 'set', appId, '--publishable-key', 'pk', '--secret-key-file', join(dir, 'none')],
      {},
      'cannot read',
    ],
    [
      ['apps', 'onramp', 'set', appId, '--publishable-key', 'pk', '--widget-url', 'http://moonpay.example'],
      { LATCH_ONRAMP_SECRET_KEY: 'sk_ok_NEVER_PRINTED' },
      'widget URL must use https',
    ],
    [['apps', 'onramp', 'wipe', appId], {}, 'Unknown apps onramp command'],
    [['apps', 'onramp', 'clear'], {}, 'needs the app id'],
  ];
  for (const [argv, env, message] of cases) {
    const result = await cli(argv, env);
    expect(result.code, argv.join(' ')).toBe(1);
    expect(result.error).toContain(message);
    expect(result.error).not.toContain('NEVER_PRINTED');
    expect(result.error).not.toContain('sk_typed');
  }
  expect(await server.ctx.onRampSettings.list(appId)).toEqual([]);
  expect(USAGE).toContain('apps onramp set <app-id> [--sandbox] --publishable-key KEY');
});

it('turns fiat_on_ramp_enabled on only once the app has keys, shows it in the public config, and guards clearing', async () => {
  const { appId } = await server.createApp();
  const enable = ['apps', 'update', appId, '--config', '{"fiat_on_ramp_enabled":true}'];
  const refused = await cli(enable);
  expect(refused.code).toBe(1);
  expect(refused.error).toContain(
    `fiat_on_ramp_enabled needs the app's on-ramp provider keys first: latch-server apps onramp set ${appId}`,
  );
  expect((await server.ctx.apps.require(appId, { fresh: true })).config.fiat_on_ramp_enabled).toBe(false);

  const setSandbox = ['apps', 'onramp', 'set', appId, '--sandbox', '--publishable-key', 'pk_test_x'];
  expect((await cli(setSandbox, { LATCH_ONRAMP_SECRET_KEY: SANDBOX_SECRET })).code).toBe(0);
  expect((await cli(enable)).code).toBe(0);
  const config = await (await server.call('GET', IDENTITY_API.appConfig(appId))).json();
  expect(config.fiat_on_ramp_enabled).toBe(true);

  // The last keys of an app whose on-ramp is on stay until it is turned off.
  const setLive = ['apps', 'onramp', 'set', appId, '--publishable-key', 'pk_live_x'];
  expect((await cli(setLive, { LATCH_ONRAMP_SECRET_KEY: LIVE_SECRET })).code).toBe(0);
  expect(JSON.parse((await cli(['apps', 'onramp', 'clear', appId])).out)).toEqual({
    app_id: appId,
    mode: 'live',
    cleared: true,
  });
  const last = await cli(['apps', 'onramp', 'clear', appId, '--sandbox']);
  expect([last.code, last.error]).toEqual([1, expect.stringContaining('turn it off before clearing')]);
  expect((await server.ctx.onRampSettings.list(appId)).map((s) => s.mode)).toEqual(['sandbox']);
  expect((await cli(['apps', 'update', appId, '--config', '{"fiat_on_ramp_enabled":false}'])).code).toBe(0);
  expect(JSON.parse((await cli(['apps', 'onramp', 'clear', appId, '--sandbox'])).out).cleared).toBe(true);
  expect(JSON.parse((await cli(['apps', 'onramp', 'clear', appId, '--sandbox'])).out).cleared).toBe(false);
});

it('the CLI entry reads --secret-key-file after checking the command line, and prints no secret', async () => {
  const env = {
    PATH: process.env.PATH ?? '',
    LATCH_DEV: '1',
    LATCH_DATA_DIR: join(dir, '.latch'),
    LATCH_LOG_LEVEL: 'warn',
  };
  const run = async (args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const io = { env, cwd: dir, stdout: (t: string) => out.push(t), stderr: (t: string) => err.push(t) };
    const code = await runCli(args, io);
    return { code, stdout: out.join(''), stderr: err.join('') };
  };
  const created = await run(['apps', 'create', '--name', 'OnRamp CLI']);
  const appId = JSON.parse(created.stdout).app_id as string;
  const file = secretFile('entry', LIVE_SECRET);
  const set = await run(['apps', 'onramp', 'set', appId, '--publishable-key', 'pk_live_e', '--secret-key-file', file]);
  expect([set.code, set.stderr]).toEqual([0, '']);
  expect(JSON.parse(set.stdout)).toMatchObject({ app_id: appId, mode: 'live', publishable_key: 'pk_live_e' });
  const missing = await run(['apps', 'onramp', 'set', appId, '--publishable-key', 'pk_live_e']);
  expect(missing.code).toBe(1);
  expect(missing.stderr).toContain('--secret-key-file PATH or LATCH_ONRAMP_SECRET_KEY');
  const enabled = await run(['apps', 'update', appId, '--config', '{"fiat_on_ramp_enabled":true}']);
  expect(enabled.code).toBe(0);
  for (const text of [set.stdout, set.stderr, enabled.stdout, missing.stderr]) expect(text).not.toContain(LIVE_SECRET);
}, 120_000);
