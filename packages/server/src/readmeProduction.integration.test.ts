import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HEADER, IDENTITY_API, PASSWORDLESS_API } from '@latch/protocol';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/freePort.mjs';
import { productionSnippet, type Watched, watch } from './test/productionSnippet.js';

// The issue's done-when: "The README's production snippet, run as written against a fresh PostgreSQL database,
// starts a server that delivers an email code to an SMTP sink." Only DATABASE_URL is substituted.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const bin = fileURLToPath(new URL('../bin/latch-server.mjs', import.meta.url));
const snippet = productionSnippet(readFileSync(join(root, 'README.md'), 'utf8'));
const ORIGIN = 'https://acme.example';

describe("README's production snippet", () => {
  it('is marked, makes the keys once, exports them to every command, and configures SMTP', () => {
    const lines = snippet.split('\n').filter((line) => line.trim() && !line.trim().startsWith('#'));
    expect(lines[0]).toMatch(/^npx latch-server keys generate --out latch\.env\b/);
    expect(lines[1]).toMatch(/^set -a; \. \.\/latch\.env; set \+a\b/);
    expect(lines.filter((line) => /^export DATABASE_URL=/.test(line))).toHaveLength(1);
    expect(snippet).toMatch(/^export SMTP_URL=smtp:\/\/127\.0\.0\.1:\d+ LATCH_EMAIL_FROM=/m);
    // Every latch-server command after the keys are sourced, so each of them sees them.
    expect(lines.slice(-3).map((line) => line.split('#')[0]?.trim().split(' ').slice(0, 3).join(' '))).toEqual([
      'npx latch-server migrate',
      'npx latch-server apps',
      'npx latch-server start',
    ]);
  });

  const databaseUrl = process.env.DATABASE_URL;
  // PostgreSQL only (CI has it): the snippet's DATABASE_URL cannot point at the embedded database.
  if (!databaseUrl) return;

  it('run as written on a fresh PostgreSQL database, starts a server that emails a login code to the mail sink', async () => {
    const dbName = `latch_readme_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    const freshUrl = new URL(databaseUrl);
    freshUrl.pathname = `/${dbName}`;

    // A directory outside the repository where `npx latch-server` finds this checkout's command, as an
    // installed @latch/server would be found (npx runs a local node_modules/.bin entry without asking npm).
    const dir = mkdtempSync(join(tmpdir(), 'latch-readme-'));
    mkdirSync(join(dir, 'node_modules/.bin'), { recursive: true });
    symlinkSync(bin, join(dir, 'node_modules/.bin/latch-server'));
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME ?? dir,
      // Never the registry: the command is local.
      npm_config_offline: 'true',
      npm_config_update_notifier: 'false',
      LATCH_PORT: String(port),
      ...(process.env.REDIS_URL
        ? { REDIS_URL: process.env.REDIS_URL, LATCH_REDIS_PREFIX: `latch_readme_${randomBytes(4).toString('hex')}:` }
        : {}),
    };
    const script = snippet.replace(/^export DATABASE_URL=\S+/m, `export DATABASE_URL=${freshUrl.href}`);
    expect(script).not.toBe(snippet);
    writeFileSync(join(dir, 'production.sh'), script);
    const sinkPort = (snippet.match(/SMTP_URL=smtp:\/\/127\.0\.0\.1:(\d+)/) as RegExpMatchArray)[1] as string;

    const running: Watched[] = [];
    try {
      const sink = watch('npx', ['latch-server', 'mail-sink', '--port', sinkPort], { cwd: dir, env });
      running.push(sink);
      await sink.waitFor(/mail-sink: listening on smtp:\/\/127\.0\.0\.1:\d+/, 120_000);

      const server = watch('bash', ['-e', join(dir, 'production.sh')], { cwd: dir, env });
      running.push(server);
      const created = await server.waitFor(/\{"app_id":"(\w{25})","client_id":"([^"]+)"\}/, 240_000);
      const [, appId, clientId] = created as unknown as [string, string, string];
      await server.waitFor(/latch server listening/, 120_000);
      expect(statSync(join(dir, 'latch.env')).mode & 0o777).toBe(0o600);

      const base = `http://127.0.0.1:${port}`;
      const headers = {
        [HEADER.appId]: appId,
        [HEADER.clientId]: clientId,
        [HEADER.client]: 'react-auth:readme-test',
        'content-type': 'application/json',
        origin: ORIGIN,
      };
      const config = await (await fetch(`${base}${IDENTITY_API.appConfig(appId)}`, { headers })).json();
      // `apps create`'s default: an embedded wallet for each user without one, made at login.
      expect(config.embedded_wallet_config?.create_on_login).toBe('users-without-wallets');

      const email = 'ada@example.com';
      const init = await fetch(`${base}${PASSWORDLESS_API.emailInit}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email }),
      });
      expect(init.status, await init.clone().text()).toBe(200);
      const [, code] = (await sink.waitFor(
        /To: ada@example\.com\nSubject: (\d{6}) is your login code for Acme\n/,
        60_000,
      )) as unknown as [string, string];
      expect(sink.output()).toContain(`Your login code for Acme is:\n\n${code}\n`);

      // The code the sink showed logs the user in.
      const login = await fetch(`${base}${PASSWORDLESS_API.emailAuthenticate}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email, code }),
      });
      expect(login.status, await login.clone().text()).toBe(200);
    } finally {
      for (const process of running.reverse()) await process.stop();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 600_000);
});
