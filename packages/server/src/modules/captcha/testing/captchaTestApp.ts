import { DEV_API } from '@latch/protocol';
import { CAPTCHA_API, type CaptchaChallenge } from '@latch/protocol/captcha';
import { solveChallenge } from 'altcha-lib/v1';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { type TestServer, widgetHeaders } from '../../../test/harness.js';
import { databaseFingerprint } from '../../passwordless/testing/databaseFingerprint.js';

/** GET the app's proof-of-work challenge as the widget does. */
export async function fetchChallenge(server: TestServer, appId: string, clientId: string): Promise<CaptchaChallenge> {
  const res = await server.call('GET', CAPTCHA_API.challenge, { headers: widgetHeaders(appId, clientId) });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as CaptchaChallenge;
}

/** Solves a challenge by brute force (altcha-lib's own solver) into the init's token: ALTCHA's base64 payload. */
export async function solve(challenge: CaptchaChallenge, number?: number): Promise<string> {
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  if (!solution) throw new Error('The challenge has no solution up to its maxnumber');
  const payload = { ...challenge, number: number ?? solution.number };
  const { maxnumber: _difficulty, ...token } = payload;
  return Buffer.from(JSON.stringify(token)).toString('base64');
}

/** A fresh, solved token for the app. */
export async function powToken(server: TestServer, appId: string, clientId: string): Promise<string> {
  return solve(await fetchChallenge(server, appId, clientId));
}

/**
 * Everything an init could leave behind, captcha bookkeeping aside: every table's rows, the short-lived store's
 * keys and values (codes, nonces, rate-limit counters; PostgreSQL's table or the server's Redis prefix) and the
 * dev outbox (emails and SMS "sent"). Equal snapshots: the request counted, stored and sent nothing.
 */
export async function sideEffects(server: TestServer): Promise<Record<string, unknown>> {
  const { short_lived: _kv, ...tables } = await databaseFingerprint(server.db);
  const kv: Record<string, string | null> = {};
  const backend = server.ctx.shortLived.throttleBackend;
  if ('redis' in backend) {
    const prefix = backend.keyPrefix ?? '';
    for (const key of (await backend.redis.keys(`${prefix}*`)).sort()) {
      if (key.startsWith(`${prefix}captcha:`)) continue;
      const type = await backend.redis.type(key);
      kv[key] = type === 'string' ? await backend.redis.get(key) : type;
    }
  } else {
    const { rows } = await sql<{ key: string; value: string }>`
      select key, value from short_lived where key not like 'captcha:%' order by key`.execute(server.db);
    for (const row of rows) kv[row.key] = row.value;
  }
  const outbox = await (await server.call('GET', DEV_API.outbox)).json();
  return { tables, kv, outbox };
}

/**
 * Writes `config` to the app, its captcha settings straight into the stored row: the admin and dev routes and
 * the app store still refuse captcha_enabled until the widget's side lands (issue #29), while the server's
 * checks are tested here. The rest of `config` goes through the store's validation as usual.
 */
export async function enableCaptcha(server: TestServer, appId: string, config: Record<string, unknown>): Promise<void> {
  const { captcha_enabled, captcha_site_key, ...rest } = config;
  await server.ctx.apps.update(appId, { config: { ...rest, captcha_enabled: false } });
  const row = await server.db.selectFrom('apps').select('config').where('id', '=', appId).executeTakeFirstOrThrow();
  const stored = {
    ...(row.config as Record<string, unknown>),
    captcha_enabled,
    captcha_site_key: captcha_site_key ?? null,
  };
  await server.db
    .updateTable('apps')
    .set({ config: JSON.stringify(stored) })
    .where('id', '=', appId)
    .execute();
  await server.ctx.apps.get(appId, { fresh: true });
}

/** A new app with `config` (captcha on, see enableCaptcha). */
export async function captchaApp(
  server: TestServer,
  config: Record<string, unknown>,
  name?: string,
): Promise<{ appId: string; clientId: string }> {
  const created = await server.createApp(name ? { name } : {});
  await enableCaptcha(server, created.appId, config);
  return created;
}
