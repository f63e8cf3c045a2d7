import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportPKCS8, generateKeyPair } from 'jose';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { type Command, parseCommand, runCommand } from '../../admin/commands.js';
import { inlineSecrets } from '../../admin/secretOptions.js';
import { createSealer, loadMasterKey } from '../../kernel/crypto/masterKey.js';
import { rotateKeys } from '../../kernel/crypto/rotate.js';
import { moduleSealing } from '../../kernel/module.js';
import { forEachBackend, type TestServer } from '../../test/harness.js';
import { credentialAad } from './LoginCredentials.js';

/** Runs a CLI line on the server's context, as the CLI does in-process; the printed JSON values and the exit code. */
async function cli(server: TestServer, argv: string[], env: NodeJS.ProcessEnv = {}) {
  const printed: unknown[] = [];
  const cmd: Command = parseCommand(inlineSecrets(argv, env));
  const code = await runCommand(server.ctx, cmd, (value) => printed.push(value));
  return { code, printed };
}

const SECRET = 'gh-client-secret-do-not-print';

forEachBackend('app login credentials: apps oauth, the enabled-needs-credentials rule, keys rotate', (server) => {
  it('sets, lists (never the secret) and removes a provider; the secret is sealed, bound to app and method', async () => {
    const { appId } = await server().createApp({ name: 'Creds' });
    const endpoints = JSON.stringify({ token: 'http://127.0.0.1:4000/token' });
    const set = await cli(
      server(),
      ['apps', 'oauth', 'set', appId, 'github', '--client-id', 'gh-id', '--endpoints', endpoints],
      { LATCH_OAUTH_CLIENT_SECRET: SECRET },
    );
    expect(set.code).toBe(0);
    const list = await cli(server(), ['apps', 'oauth', 'list', appId]);
    expect(list.printed).toEqual([
      {
        app_id: appId,
        provider: 'github',
        enabled: false,
        client_id: 'gh-id',
        has_secret: true,
        endpoints: { token: 'http://127.0.0.1:4000/token' },
      },
    ]);
    expect(JSON.stringify([set.printed, list.printed])).not.toContain(SECRET);
    const { rows } = await sql<{ secret_sealed: string }>`select secret_sealed from app_login_credentials
      where app_id = ${appId}`.execute(server().db);
    expect(rows[0]?.secret_sealed).toMatch(/^v2\./);
    expect(rows[0]?.secret_sealed).not.toContain(SECRET);
    // Sealed for this app and method: it opens nowhere else.
    expect(() => server().ctx.sealer.open(rows[0]!.secret_sealed, credentialAad(appId, 'google'))).toThrow();
    expect((await server().ctx.loginCredentials.get(appId, 'github'))?.secret).toBe(SECRET);

    const removed = await cli(server(), ['apps', 'oauth', 'remove', appId, 'github']);
    expect(removed.printed).toEqual([{ app_id: appId, provider: 'github', removed: true }]);
    expect(await server().ctx.loginCredentials.get(appId, 'github')).toBeNull();
  });

  it('refuses bad credentials: no secret, a plain-http endpoint off loopback, Apple without its ids or key', async () => {
    const { appId } = await server().createApp({ name: 'Bad creds' });
    const base = ['apps', 'oauth', 'set', appId];
    await expect(cli(server(), [...base, 'github', '--client-id', 'x'])).rejects.toThrow(/client secret/);
    await expect(
      cli(server(), [...base, 'github', '--client-id', 'x', '--endpoints', '{"token":"http://idp.example/t"}'], {
        LATCH_OAUTH_CLIENT_SECRET: 's',
      }),
    ).rejects.toThrow(/https URL/);
    await expect(
      cli(server(), [...base, 'apple', '--client-id', 'com.x'], {
        LATCH_OAUTH_CLIENT_SECRET: '-----BEGIN PRIVATE KEY-----',
      }),
    ).rejects.toThrow(/team-id/);
    await expect(
      cli(server(), [...base, 'apple', '--client-id', 'com.x', '--team-id', 'T', '--key-id', 'K'], {
        LATCH_OAUTH_CLIENT_SECRET: 'not a key',
      }),
    ).rejects.toThrow(/\.p8/);
    await expect(cli(server(), [...base, 'myspace', '--client-id', 'x'])).rejects.toThrow(/needs a provider/);
    // A secret typed on the command line (shell history, ps) is refused before anything runs.
    await expect(cli(server(), [...base, 'github', '--client-id', 'x', '--client-secret', 's'])).rejects.toThrow(
      /never given/,
    );
    expect(await server().ctx.loginCredentials.configuredMethods(appId)).toEqual([]);
  });

  it('an OAuth method or Telegram is turned on only with its credentials (CLI and dev endpoint), and they stay while it is on', async () => {
    const { appId } = await server().createApp({ name: 'Rule' });
    const update = (config: object) => cli(server(), ['apps', 'update', appId, '--config', JSON.stringify(config)]);
    await expect(update({ google_oauth: true })).rejects.toThrow(
      `google_oauth needs the app's google credentials first: latch-server apps oauth set ${appId} google`,
    );
    const patch = (config: object) => server().call('PATCH', `/api/v1/dev/apps/${appId}`, { body: { config } });
    const refused = await patch({ discord_oauth: true });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: 'invalid_data',
      message: expect.stringContaining('apps oauth set'),
    });
    const telegram = await patch({ telegram_auth: true, telegram_auth_config: { bot_id: '1', bot_name: 'bot' } });
    expect(telegram.status).toBe(400);
    expect((await telegram.json()).message).toContain('telegram_auth needs');
    expect((await server().ctx.apps.require(appId, { fresh: true })).config.google_oauth).toBe(false);

    await cli(server(), ['apps', 'oauth', 'set', appId, 'google', '--client-id', 'g'], {
      LATCH_OAUTH_CLIENT_SECRET: 's',
    });
    expect((await update({ google_oauth: true })).code).toBe(0);
    const rename = await server().call('PATCH', `/api/v1/dev/apps/${appId}`, { body: { name: 'Renamed' } });
    expect(rename.status).toBe(200);
    // Removing the credentials of a method that is on is refused; off first, then remove.
    await expect(cli(server(), ['apps', 'oauth', 'remove', appId, 'google'])).rejects.toThrow(/turn it off/);
    expect((await update({ google_oauth: false })).code).toBe(0);
    expect((await cli(server(), ['apps', 'oauth', 'remove', appId, 'google'])).code).toBe(0);
  });

  it('keys rotate re-seals the secrets under the new master key', async () => {
    const { appId } = await server().createApp({ name: 'Rotate' });
    await server().ctx.loginCredentials.set(appId, 'spotify', { client_id: 'sp' }, 'spotify-secret');
    const oldKey = loadMasterKey(server().settings);
    const rotated = createSealer(randomBytes(32), [oldKey]);
    const report = await rotateKeys({ ...server().ctx, sealer: rotated }, moduleSealing(server().modules));
    expect(report.resealed.login_credentials).toBeGreaterThanOrEqual(1);
    const { rows } = await sql<{ secret_sealed: string }>`select secret_sealed from app_login_credentials
      where app_id = ${appId}`.execute(server().db);
    expect(rows[0]?.secret_sealed.startsWith(`v2.${rotated.currentKeyId}.`)).toBe(true);
    expect(rotated.open(rows[0]!.secret_sealed, credentialAad(appId, 'spotify'))).toBe('spotify-secret');
    // A second run has nothing left to do.
    expect(
      (await rotateKeys({ ...server().ctx, sealer: rotated }, moduleSealing(server().modules))).resealed
        .login_credentials,
    ).toBe(0);
  });

  it('apps oauth set apple reads the .p8 key from --private-key-file (a PEM, dashes first) and stores it sealed', async () => {
    const { appId } = await server().createApp({ name: 'Apple creds' });
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const pem = await exportPKCS8(privateKey);
    const file = join(mkdtempSync(join(tmpdir(), 'latch-p8-')), 'AuthKey_KEY1234567.p8');
    writeFileSync(file, pem);
    const args = ['--client-id', 'com.example.web', '--team-id', 'TEAM123456', '--key-id', 'KEY1234567'];
    const set = await cli(server(), ['apps', 'oauth', 'set', appId, 'apple', ...args, '--private-key-file', file]);
    expect(set.code).toBe(0);
    expect(JSON.stringify(set.printed)).not.toContain('PRIVATE KEY');
    expect((await server().ctx.loginCredentials.get(appId, 'apple'))?.secret).toBe(pem.trim());
  });

  it('the dev endpoint sets and removes credentials as the CLI does (for e2e), never answering the secret', async () => {
    const { appId } = await server().createApp({ name: 'Dev creds' });
    const path = (method: string) => `/api/v1/dev/apps/${appId}/login_credentials/${method}`;
    const put = (method: string, body: unknown) => server().call('PUT', path(method), { body });
    const set = await put('discord', { public_config: { client_id: 'd-id' }, secret: 'discord-secret' });
    expect(set.status).toBe(200);
    const answer = await set.text();
    expect(JSON.parse(answer)).toEqual({
      app_id: appId,
      method: 'discord',
      public_config: { client_id: 'd-id' },
      has_secret: true,
    });
    expect(answer).not.toContain('discord-secret');
    expect((await server().ctx.loginCredentials.get(appId, 'discord'))?.secret).toBe('discord-secret');
    const enable = await server().call('PATCH', `/api/v1/dev/apps/${appId}`, {
      body: { config: { discord_oauth: true } },
    });
    expect(enable.status).toBe(200);

    expect((await put('myspace', { public_config: {}, secret: null })).status).toBe(400);
    const insecure = await put('github', {
      public_config: { client_id: 'g', endpoints: { token: 'http://idp.example/t' } },
      secret: 's',
    });
    expect(insecure.status).toBe(400);
    const removeEnabled = await server().call('DELETE', path('discord'));
    expect(removeEnabled.status).toBe(400);
    expect((await removeEnabled.json()).message).toContain('turn it off');
    await server().call('PATCH', `/api/v1/dev/apps/${appId}`, { body: { config: { discord_oauth: false } } });
    expect(await (await server().call('DELETE', path('discord'))).json()).toMatchObject({ removed: true });
  });
});
