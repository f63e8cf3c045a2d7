import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { runCli } from './cli.js';
import { createLatchServer } from './index.js';
import { testSettings } from './test/harness.js';

const bin = fileURLToPath(new URL('../bin/latch-server.mjs', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'latch-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

type Result = { code: number; stdout: string; stderr: string };

/** The CLI's environment: a fresh data dir, embedded PGlite, dev mode unless told otherwise. */
const cliEnv = (env: Record<string, string>) => ({
  PATH: process.env.PATH ?? '',
  LATCH_DEV: '1',
  LATCH_DATA_DIR: join(dataDir, '.latch'),
  LATCH_LOG_LEVEL: 'warn',
  ...env,
});

/**
 * Runs the real CLI as its own process (bin wrapper, tsx, exit code), for what only a process shows: the
 * stdout scripts parse. The other spawned process is the server of the running-server test (start, answer,
 * Ctrl-C exit 0); every other command runs the same entry in-process (`cli`), sparing a Node + tsx start.
 */
function spawnCli(args: string[], env: Record<string, string> = {}): Promise<Result> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [bin, ...args],
      { cwd: dataDir, timeout: 90_000, env: cliEnv(env) },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Runs the CLI entry (`runCli`, what the process runs) in this process, capturing its output. */
async function cli(args: string[], env: Record<string, string> = {}): Promise<Result> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    env: cliEnv(env),
    cwd: dataDir,
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
  });
  return { code, stdout, stderr };
}

it('apps ensure-demo creates the demo app once and reuses it, printing one JSON line', async () => {
  // As its own process: nothing but the one JSON line reaches stdout (scripts parse it).
  const first = await spawnCli(['apps', 'ensure-demo', '--origin', 'http://localhost:5173']);
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

/** Starts `latch-server start` on `dir` (port 0); resolves with the child and the admin endpoint it publishes. */
async function startServerProcess(dir: string): Promise<{ child: ChildProcess; url: string; secret: string }> {
  const child = spawn(process.execPath, [bin, 'start'], {
    cwd: dataDir,
    env: {
      PATH: process.env.PATH ?? '',
      LATCH_DEV: '1',
      LATCH_DATA_DIR: dir,
      LATCH_LOG_LEVEL: 'warn',
      LATCH_PORT: '0',
    },
    stdio: 'ignore',
  });
  const file = join(dir, 'admin.json');
  for (let i = 0; i < 600 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 100));
  const { url, secret } = JSON.parse(readFileSync(file, 'utf8'));
  return { child, url, secret };
}

it('with the server running on a PGlite dir, apps create goes through it (the app is then served) and a second server refuses to start', async () => {
  const dir = join(dataDir, 'live');
  const server = await startServerProcess(dir);
  try {
    // The CLI entry (in this process) forwards to the server process over the admin channel.
    const created = await cli(['apps', 'create', '--name', 'Live'], { LATCH_DATA_DIR: dir });
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const { app_id } = JSON.parse(created.stdout);
    // The running server sees the app at once: the CLI did not write to the database behind its back.
    const config = await fetch(`${server.url}/api/v1/apps/${app_id}`);
    expect(config.status).toBe(200);
    expect((await cli(['apps', 'list'], { LATCH_DATA_DIR: dir })).stdout).toContain(app_id);
    const rotated = await cli(['keys', 'rotate'], { LATCH_DATA_DIR: dir });
    expect(rotated.code).toBe(0);
    expect(JSON.parse(rotated.stdout)).toMatchObject({ failed: [], resealed: { auth_shares: 0, recovery_keys: 0 } });

    const second = await cli(['start'], { LATCH_DATA_DIR: dir, LATCH_PORT: '0' });
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('The Latch server is running on this data directory');

    // The admin channel answers only the secret's holder, and never a browser request.
    const post = (headers: Record<string, string>) =>
      fetch(`${server.url}/api/v1/admin/cli`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ argv: ['apps', 'list'] }),
      });
    expect((await post({})).status).toBe(401);
    expect((await post({ authorization: 'Bearer wrong' })).status).toBe(401);
    const auth = { authorization: `Bearer ${server.secret}` };
    expect((await post({ ...auth, origin: 'http://localhost:5173' })).status).toBe(403);
    expect((await post({ ...auth, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    const ok = await post(auth);
    expect(ok.status).toBe(200);
    expect((await ok.json()).stdout).toContain(app_id);
  } finally {
    // Ctrl-C: the server finishes its requests and the process exits 0.
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGINT');
    expect(await exited).toBe(0);
  }
  // A clean stop releases the directory and withdraws the admin endpoint.
  expect(existsSync(join(dir, 'latch.lock'))).toBe(false);
  expect(existsSync(join(dir, 'admin.json'))).toBe(false);
}, 300_000);

it('refuses, with a clear message, a command on a directory held by a server that does not take commands', async () => {
  const dir = join(dataDir, 'held');
  // An embedding host (createLatchServer without listening) holds the directory in this process.
  const holder = await createLatchServer(testSettings({ inMemoryDb: false, dataDir: dir }));
  try {
    // The lock file names the holder, so the entry refuses in this process as it would in its own.
    const result = await cli(['apps', 'list'], { LATCH_DATA_DIR: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('The Latch server is running on this data directory');
    expect(result.stderr).toContain(`pid ${process.pid}`);
  } finally {
    await holder.close();
  }
}, 120_000);

it('apps create refuses wildcard origins and settings that do nothing, naming each (#16)', async () => {
  const own = { LATCH_DATA_DIR: join(dataDir, 'refusals') };
  const cases: Array<[string[], string]> = [
    [['--origin', 'https://*.example.com'], 'wildcards are not supported'],
    [
      ['--config', '{"captcha_enabled":true,"captcha_site_key":"t:key"}'],
      "A Turnstile captcha_site_key needs the app's Turnstile secret key first: latch-server apps captcha set",
    ],
    [['--config', '{"mfa_required":true}'], 'mfa_required needs at least one method in mfa_methods'],
    // A new app has no on-ramp provider keys either (docs/onramp.md).
    [
      ['--config', '{"fiat_on_ramp_enabled":true}'],
      "fiat_on_ramp_enabled needs the app's on-ramp provider keys first: latch-server apps onramp set",
    ],
    // A new app has no provider credentials: OAuth is turned on after `apps oauth set` (docs/social-login.md).
    [
      ['--config', '{"google_oauth":true}'],
      "google_oauth needs the app's google credentials first: latch-server apps oauth set",
    ],
  ];
  for (const [args, message] of cases) {
    const result = await cli(['apps', 'create', ...args], own);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(message);
  }
  expect((await cli(['apps', 'list'], own)).stdout.trim()).toBe('');
}, 180_000);
