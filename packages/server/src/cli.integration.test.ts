import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../bin/latch-server.mjs', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'latch-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs the real CLI in a fresh data dir (embedded PGlite, dev mode unless told otherwise). */
function cli(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [bin, ...args],
      {
        cwd: dataDir,
        env: {
          PATH: process.env.PATH ?? '',
          LATCH_DEV: '1',
          LATCH_DATA_DIR: join(dataDir, '.latch'),
          LATCH_LOG_LEVEL: 'warn',
          ...env,
        },
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

it('apps ensure-demo creates the demo app once and reuses it, printing one JSON line', async () => {
  const first = await cli(['apps', 'ensure-demo', '--origin', 'http://localhost:5173']);
  expect(first.code).toBe(0);
  const lines = first.stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  const ids = JSON.parse(lines[0]!);
  expect(ids.app_id).toHaveLength(25);
  expect(ids.client_id).toMatch(/^client-/);
  const second = await cli(['apps', 'ensure-demo', '--origin', 'http://localhost:5173']);
  expect(JSON.parse(second.stdout)).toEqual(ids);
  const list = await cli(['apps', 'list']);
  const apps = list.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  expect(apps).toHaveLength(1);
  expect(apps[0]).toMatchObject({ name: 'Latch Demo', allowed_origins: ['http://localhost:5173'] });
  expect(apps[0].login_methods).toEqual(expect.arrayContaining(['email_auth', 'sms_auth']));
}, 120_000);

it('apps create/update refuse configs that break SPEC §5 with a clear message and exit 1', async () => {
  const noMethod = await cli(['apps', 'create', '--config', '{"email_auth":false}']);
  expect(noMethod.code).toBe(1);
  expect(noMethod.stderr).toContain('At least one login method must be enabled.');
  const captcha = await cli(['apps', 'create', '--config', '{"captcha_site_key":"abc"}']);
  expect(captcha.code).toBe(1);
  expect(captcha.stderr).toContain('Unsupported captcha site key');
  const badId = await cli(['apps', 'create', '--id', 'too-short']);
  expect(badId.code).toBe(1);
  expect(badId.stderr).toContain('exactly 25 characters');
  const badJson = await cli(['apps', 'update', 'a'.repeat(25), '--config', '{nope']);
  expect(badJson.code).toBe(1);
  expect(badJson.stderr).toContain('--config is not valid JSON');
  const typo = await cli(['apps', 'update', 'a'.repeat(25), '--config', '{"sms_auht":true}']);
  expect(typo.code).toBe(1);
  expect(typo.stderr).toContain('sms_auht');
}, 120_000);

it('apps create, update and rotate-keys work on a given app', async () => {
  const created = await cli([
    'apps',
    'create',
    '--name',
    'Shop',
    '--origin',
    'https://shop.example',
    '--max-users',
    '10',
  ]);
  expect(created.code).toBe(0);
  const { app_id } = JSON.parse(created.stdout);
  const updated = await cli([
    'apps',
    'update',
    app_id,
    '--config',
    '{"sms_auth":true}',
    '--allowlist',
    'a@example.com',
  ]);
  expect(updated.code).toBe(0);
  expect(JSON.parse(updated.stdout)).toMatchObject({
    app_id,
    login_methods: ['email_auth', 'sms_auth'],
    allowlist: ['a@example.com'],
    max_users: 10,
  });
  const added = await cli(['apps', 'add-client', app_id]);
  expect(added.code).toBe(0);
  expect(JSON.parse(added.stdout).client_id).toMatch(/^client-/);
  const rotated = await cli(['apps', 'rotate-keys', app_id]);
  expect(rotated.code).toBe(0);
  expect(JSON.parse(rotated.stdout)).toMatchObject({ app_id });
}, 120_000);

it('refuses to start outside dev mode without LATCH_MASTER_KEY', async () => {
  const result = await cli(['start'], { LATCH_DEV: '0', LATCH_PORT: '0' });
  expect(result.code).toBe(1);
  expect(result.stderr).toContain('LATCH_MASTER_KEY is required outside dev mode');
}, 60_000);

it('refuses to start, with a clear message, when the master key cannot open the stored signing keys', async () => {
  const key = (byte: number) => Buffer.alloc(32, byte).toString('base64');
  // A database of its own: the other tests' apps are sealed under the dev master.key.
  const own = { LATCH_DATA_DIR: join(dataDir, 'sealed') };
  const created = await cli(['apps', 'create', '--name', 'Sealed'], { ...own, LATCH_MASTER_KEY: key(1) });
  expect(created.code).toBe(0);
  expect((await cli(['apps', 'list'], { ...own, LATCH_MASTER_KEY: key(1) })).code).toBe(0);
  const result = await cli(['start'], { ...own, LATCH_MASTER_KEY: key(2), LATCH_PORT: '0' });
  expect(result.code).toBe(1);
  expect(result.stderr).toContain('The master key does not open the stored signing keys');
  expect(result.stderr).not.toContain(key(1));
  expect(result.stderr).not.toContain(key(2));
}, 120_000);
