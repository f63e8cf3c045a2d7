import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../scripts/freePort.mjs';
import {
  type InstalledServer,
  installedCopies,
  installTarballs,
  latchServerCli,
  startInstalledServer,
} from './serverFromTarball.js';
import { packedTarballs } from './sharedPack.js';

// The host page that embeds the frame (only named as an allowed origin: the calls below carry it as their Origin).
const HOST_ORIGIN = 'http://localhost:5999';
const timings: Record<string, number> = {};
const timed = async <T>(label: string, fn: () => T | Promise<T>): Promise<T> => {
  const started = performance.now();
  try {
    return await fn();
  } finally {
    timings[label] = Math.round(performance.now() - started);
  }
};

describe('latch-server from its npm tarball, outside the repository', () => {
  // A temporary directory: outside the repository, so nothing resolves from the monorepo's node_modules.
  const dir = mkdtempSync(join(tmpdir(), 'latch-server-tarball-'));
  let server: InstalledServer | undefined;

  beforeAll(async () => {
    // The run's one build and pack of the current source (e2e/sharedPack.ts).
    const tarballs = await timed('pack (shared: builds protocol + server)', () =>
      packedTarballs(inject('packDir'), ['@latch/protocol', '@latch/server']),
    );
    await timed('npm install', () => installTarballs(dir, tarballs));
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    // Retried: the server's node process (under npx) may still be closing its embedded database's files.
    rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    console.info(
      `[serverTarball] ${Object.entries(timings)
        .map(([k, v]) => `${k}: ${v} ms`)
        .join(', ')}`,
    );
  });

  it('installs no TypeScript tooling: the server runs compiled JavaScript', () => {
    expect(installedCopies(dir, '@latch/server')).toHaveLength(1);
    expect(installedCopies(dir, 'typescript')).toEqual([]);
    expect(installedCopies(dir, 'tsx')).toEqual([]);
  });

  it('compiles Kysely into its bundle (its ~260 modules cost a start 65 ms) and ships its licence', () => {
    const [server] = installedCopies(dir, '@latch/server');
    const distDir = join(server ?? '', 'dist');
    const imports = readdirSync(distDir)
      .filter((file) => file.endsWith('.js'))
      .flatMap((file) => [...readFileSync(join(distDir, file), 'utf8').matchAll(/\bfrom\s*["']([^"']+)["']/g)])
      .map(([, specifier]) => specifier ?? '');
    expect(imports).toContain('hono');
    expect(imports.filter((specifier) => specifier.startsWith('kysely'))).toEqual([]);
    const licences = readFileSync(join(distDir, 'THIRD_PARTY_LICENSES.md'), 'utf8');
    expect(licences).toContain('## kysely ');
    expect(licences).toContain('Copyright (c) 2022 Sami Koskimäki');
    expect(licences).toContain('## kysely-pglite-dialect ');
  });

  it('creates an app by its CLI, serves the shipped frame, and logs in by email over HTTP', async () => {
    const env = { LATCH_DEV: '1' };
    // Started first: it creates and migrates the embedded database once, and the CLI then goes through it.
    server = await startInstalledServer(dir, await freePort(), env);
    timings['first start (spawn to first /healthz answer, npx included)'] = Math.round(server.startMs);
    const created = await timed('apps create (through the running server)', () =>
      latchServerCli(dir, ['apps', 'create', '--name', 'Tarball', '--origin', HOST_ORIGIN], env),
    );
    const { app_id: appId, client_id: clientId } = JSON.parse(created.trim().split('\n').at(-1) ?? '') as {
      app_id: string;
      client_id: string;
    };

    // The frame page (no-store) names its content-hashed script with its integrity; the script is immutable.
    const page = await fetch(`${server.url}/apps/${appId}/embedded-wallets`);
    expect(page.status, server.stderr()).toBe(200);
    expect(page.headers.get('cache-control')).toContain('no-store');
    const html = await page.text();
    const [, src, integrity] = html.match(/<script type="module" src="([^"]+)" integrity="([^"]+)"/) ?? [];
    expect(src).toMatch(new RegExp(`^/apps/${appId}/embedded-wallets/frame-[A-Za-z0-9]+\\.js$`));
    const script = await fetch(`${server.url}${src}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(script.status).toBe(200);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(script.headers.get('content-encoding')).toBe('br');
    const body = Buffer.from(await script.arrayBuffer());
    expect(`sha384-${createHash('sha384').update(body).digest('base64')}`).toBe(integrity);

    // Email login as the widget does it: a code by the dev outbox, exchanged for a token.
    const headers = {
      'content-type': 'application/json',
      origin: HOST_ORIGIN,
      'latch-app-id': appId,
      'latch-client-id': clientId,
    };
    const email = 'tarball@example.com';
    const init = await fetch(`${server.url}/api/v1/passwordless/init`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email }),
    });
    expect(init.status, await init.clone().text()).toBe(200);
    const outbox = (await (await fetch(`${server.url}/api/v1/dev/outbox`)).json()) as Array<{
      recipient: string;
      code: string;
    }>;
    const code = outbox.find((m) => m.recipient === email)?.code;
    expect(code).toMatch(/^\d{6}$/);
    const login = await fetch(`${server.url}/api/v1/passwordless/authenticate`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, code }),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    const tokens = (await login.json()) as { token: string; user: { id: string } };
    expect(tokens.token.split('.')).toHaveLength(3);
    // The token works: the server knows its user.
    const me = await fetch(`${server.url}/api/v1/users/me`, {
      headers: { ...headers, authorization: `Bearer ${tokens.token}` },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { id: string } }).user.id).toBe(tokens.user.id);
    // A first start creates and migrates the embedded database: seconds on a loaded CI machine.
  }, 300_000);
});
