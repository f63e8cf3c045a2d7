import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DevIdp, describeDevIdp, startDevIdp } from '@latch/dev-idp';
import { LOGIN_METHOD_FLAG, OAUTH_PROVIDERS, type TokenResponse } from '@latch/protocol';
import { CUSTOM_JWT_API, TELEGRAM_API } from '@latch/protocol/oauth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forEachBackend, widgetHeaders } from '../test/harness.js';
import { parseCommand, runCommand } from './commands.js';

// `apps ensure-demo --dev-idp FILE` (what npm start runs): the demo app's social login points at the dev
// IdP — credentials sealed per provider and for the Telegram bot, the methods and custom-token login on.

const dir = mkdtempSync(join(tmpdir(), 'latch-demo-idp-'));
const idps: DevIdp[] = [];
const CALLBACK = 'http://localhost:8787/api/v1/oauth/callback';

/** A fresh dev IdP (new secrets, as each npm start) and its description file. */
async function devIdpFile(name: string): Promise<{ idp: DevIdp; file: string }> {
  const idp = await startDevIdp({ redirectUris: [CALLBACK] });
  idps.push(idp);
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(describeDevIdp(idp)), { mode: 0o600 });
  return { idp, file };
}

let first: { idp: DevIdp; file: string };
let second: { idp: DevIdp; file: string };
beforeAll(async () => {
  first = await devIdpFile('first');
  second = await devIdpFile('second');
});
afterAll(async () => {
  await Promise.all(idps.map((idp) => idp.close()));
  rmSync(dir, { recursive: true, force: true });
});

forEachBackend('ensure-demo with the dev IdP', (server) => {
  const ensureDemo = async (file: string) => {
    const out: unknown[] = [];
    const argv = ['apps', 'ensure-demo', '--origin', 'http://localhost:5173', '--dev-idp', file];
    expect(await runCommand(server().ctx, parseCommand(argv), (value) => out.push(value))).toBe(0);
    return out[0] as { app_id: string; client_id: string };
  };

  it('stores every provider client and the bot token, and turns the methods on (email stays first)', async () => {
    const { app_id } = await ensureDemo(first.file);
    const { ctx } = server();
    const app = await ctx.apps.require(app_id);
    for (const provider of OAUTH_PROVIDERS) {
      expect(app.config[LOGIN_METHOD_FLAG[provider]]).toBe(true);
      const stored = await ctx.loginCredentials.get<Record<string, unknown>>(app_id, provider);
      const p = first.idp.providers[provider]!;
      expect(stored?.publicConfig).toMatchObject({ client_id: p.clientId, endpoints: p.endpoints });
      expect(stored?.secret).toBe(p.clientSecret);
    }
    const apple = await ctx.loginCredentials.get(app_id, 'apple');
    expect(apple?.publicConfig).toMatchObject({
      team_id: first.idp.providers.apple!.teamId,
      key_id: first.idp.providers.apple!.keyId,
    });
    expect(apple?.secret).toContain('BEGIN PRIVATE KEY');
    const telegram = await ctx.loginCredentials.get(app_id, 'telegram');
    expect(telegram).toMatchObject({
      publicConfig: { bot_id: first.idp.telegram.botId, bot_name: first.idp.telegram.botName },
      secret: first.idp.telegram.botToken,
    });
    expect(app.config).toMatchObject({
      email_auth: true,
      sms_auth: true,
      wallet_auth: true,
      passkey_auth: true,
      telegram_auth: true,
      telegram_auth_config: { bot_id: first.idp.telegram.botId, bot_name: first.idp.telegram.botName },
      custom_auth_config: {
        issuer: first.idp.customIssuer.issuer,
        audience: first.idp.customIssuer.audience,
        algorithms: ['RS256', 'ES256'],
        jwks_url: first.idp.customIssuer.jwksUrl,
      },
      // The grouped landing (no primary order): email and SMS inputs first, the wallet and passkey entries as before.
      login_methods_and_order: null,
    });
  });

  it('a later start (new dev IdP secrets) replaces the credentials; no secret is stored in clear', async () => {
    const { app_id } = await ensureDemo(second.file);
    const { ctx, db } = server();
    const google = await ctx.loginCredentials.get(app_id, 'google');
    expect(google?.secret).toBe(second.idp.providers.google!.clientSecret);
    const rows = await db.selectFrom('app_login_credentials').selectAll().execute();
    const dump = JSON.stringify(rows);
    expect(dump).toContain(second.idp.providers.google!.clientId);
    expect(dump).not.toContain(second.idp.providers.google!.clientSecret);
    expect(dump).not.toContain(second.idp.telegram.botToken);
  });

  it("the demo's Telegram and custom-token logins work with the dev IdP's bot and issuer", async () => {
    const { app_id, client_id } = await ensureDemo(second.file);
    const headers = widgetHeaders(app_id, client_id);
    const telegram = await server().call('POST', TELEGRAM_API.authenticate, {
      body: { telegram_auth_result: second.idp.telegram.sign({ id: 90210, first_name: 'Ada' }) },
      headers,
    });
    expect(telegram.status).toBe(200);
    expect(((await telegram.json()) as TokenResponse).user.linked_accounts).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'telegram', telegram_user_id: '90210' })]),
    );
    for (const alg of ['RS256', 'ES256'] as const) {
      const token = await second.idp.customIssuer.mint({ sub: `demo-user-${alg}` }, { alg });
      const custom = await server().call('POST', CUSTOM_JWT_API.authenticate, { body: { token }, headers });
      expect(custom.status).toBe(200);
    }
    // The first start's bot and issuer keys no longer log in (credentials replaced).
    const stale = await server().call('POST', TELEGRAM_API.authenticate, {
      body: { telegram_auth_result: first.idp.telegram.sign({ id: 90211, first_name: 'Ada' }) },
      headers,
    });
    expect(stale.status).toBe(422);
  });

  it('refuses a file that is no dev IdP description, naming the field, never a secret', async () => {
    const bad = join(dir, 'bad.json');
    const description = describeDevIdp(first.idp);
    writeFileSync(bad, JSON.stringify({ ...description, telegram: { ...description.telegram, origin: 'not a url' } }));
    const argv = ['apps', 'ensure-demo', '--origin', 'http://localhost:5173', '--dev-idp', bad];
    const error = await runCommand(server().ctx, parseCommand(argv), () => undefined).catch((e: Error) => e);
    expect(String(error)).toMatch(/telegram\.origin/);
    expect(String(error)).not.toContain(first.idp.telegram.botToken);
    const missing = ['apps', 'ensure-demo', '--origin', 'http://localhost:5173', '--dev-idp', join(dir, 'none.json')];
    await expect(runCommand(server().ctx, parseCommand(missing), () => undefined)).rejects.toThrow(
      /not a readable JSON/,
    );
  });
});
