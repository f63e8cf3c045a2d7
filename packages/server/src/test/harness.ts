import { randomBytes } from 'node:crypto';
import { HEADER, type TokenResponse } from '@latch/protocol';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import type { AppInput } from '../identity/apps/appInput.js';
import { loginOrSignUp } from '../identity/sessions/loginOrSignUp.js';
import { issueSession } from '../identity/sessions/sessions.js';
import type { AccountInput } from '../identity/users/accounts.js';
import { createLatchServer, type LatchServer, type ServerOverrides } from '../index.js';
import { FakeClock } from '../kernel/clock.js';
import type { Settings } from '../kernel/config/config.js';
import { migratedPgliteMaker } from './pgliteTemplate.js';

/** A database (and short-lived store) configuration the integration suites run on. */
export interface Backend {
  name: string;
  /** Creates what the backend needs (a fresh PostgreSQL database) and returns the settings to use. */
  prepare(): Promise<{ settings: Partial<Settings>; dispose(): Promise<void> }>;
}

const randomName = () => randomBytes(6).toString('hex');

function postgresBackend(databaseUrl: string, redisUrl: string | undefined): Backend {
  return {
    name: redisUrl ? 'postgres+redis' : 'postgres',
    async prepare() {
      const dbName = `latch_t_${randomName()}`;
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      // A copy of the run's migrated database (integrationGlobalSetup.ts): the server's migrations find nothing to do.
      const template = inject('pgTemplateDb');
      await admin.query(`CREATE DATABASE ${dbName}${template ? ` TEMPLATE ${template}` : ''}`);
      await admin.end();
      const url = new URL(databaseUrl);
      url.pathname = `/${dbName}`;
      return {
        settings: { databaseUrl: url.toString(), redisUrl, redisKeyPrefix: `latch_t_${randomName()}:` },
        async dispose() {
          const client = new pg.Client({ connectionString: databaseUrl });
          await client.connect();
          await client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
          await client.end();
        },
      };
    },
  };
}

/** PGlite always; PostgreSQL (+ Redis) when DATABASE_URL (REDIS_URL) is set; PGlite + Redis when only REDIS_URL is. */
export function backends(env: NodeJS.ProcessEnv = process.env): Backend[] {
  const list: Backend[] = [
    { name: 'pglite', prepare: async () => ({ settings: { inMemoryDb: true }, dispose: async () => {} }) },
  ];
  if (env.DATABASE_URL) list.push(postgresBackend(env.DATABASE_URL, env.REDIS_URL));
  else if (env.REDIS_URL) {
    list.push({
      name: 'pglite+redis',
      prepare: async () => ({
        settings: { inMemoryDb: true, redisUrl: env.REDIS_URL, redisKeyPrefix: `latch_t_${randomName()}:` },
        dispose: async () => {},
      }),
    });
  }
  return list;
}

/**
 * The one backend a route or logic suite runs on: the last of `backends()`, i.e. PostgreSQL (+ Redis) when
 * DATABASE_URL is set, else PGlite. PostgreSQL runs in its own process and natively: the same route suites
 * took 62 s of wall and 18 s of test-process CPU on it against 105 s and 40 s on PGlite (wasm, in the test
 * process), measured side by side. Without DATABASE_URL the same suites run on PGlite. What differs between
 * backends (the store contracts) is proved on every backend by the suites that pass `{ backends: 'all' }`.
 */
export function routeBackends(env: NodeJS.ProcessEnv = process.env): Backend[] {
  return backends(env).slice(-1);
}

/** Settings for a test server: dev mode, fresh master key, silent logs. */
export function testSettings(overrides: Partial<Settings> = {}): Settings {
  return {
    port: 0,
    host: '127.0.0.1',
    dev: true,
    dataDir: '/nonexistent-latch-test-dir',
    masterKey: randomBytes(32).toString('base64'),
    recoveryKey: randomBytes(32).toString('base64'),
    publicUrl: 'http://localhost:8787',
    logLevel: 'silent',
    inMemoryDb: true,
    ...overrides,
  };
}

/** A server under test with helpers to call its HTTP API. */
export interface TestServer extends LatchServer {
  clock: FakeClock;
  backend: string;
  /** Calls the app (no network): `path` relative, JSON body, extra headers. */
  call(
    method: string,
    path: string,
    options?: { body?: unknown; rawBody?: string; headers?: Record<string, string> },
  ): Promise<Response>;
  /** Creates an app through the store (same rules as the CLI); returns its ids. */
  createApp(input?: AppInput): Promise<{ appId: string; clientId: string }>;
  /** Signs up (or logs in) the owner of an account through the real services and starts a session. */
  signIn(appId: string, account: AccountInput): Promise<TokenResponse>;
  /** Row counts of every table, to prove a request changed nothing. */
  tableCounts(): Promise<Record<string, number>>;
}

/** Builds a test server on a backend's settings. */
export async function createTestServer(
  settings: Partial<Settings>,
  backend = 'pglite',
  overrides: ServerOverrides = {},
): Promise<TestServer> {
  const clock = overrides.clock instanceof FakeClock ? overrides.clock : new FakeClock(Date.now());
  const full = testSettings(settings);
  // An in-memory database starts from a migrated copy (pgliteTemplate.ts), not from initdb.
  const inMemoryPglite =
    overrides.inMemoryPglite ?? (full.inMemoryDb && !full.databaseUrl ? await migratedPgliteMaker() : undefined);
  const server = await createLatchServer(full, { ...overrides, clock, inMemoryPglite });
  return {
    ...server,
    clock,
    backend,
    async call(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      let body: string | undefined = options.rawBody;
      if (options.body !== undefined && method !== 'GET' && method !== 'HEAD') {
        body = JSON.stringify(options.body);
        headers['content-type'] ??= 'application/json';
      }
      return server.app.request(path, { method, headers, body });
    },
    async createApp(input = {}) {
      const app = await server.ctx.apps.create(input);
      return { appId: app.id, clientId: app.clientIds[0]! };
    },
    async signIn(appId, account) {
      const { user, isNewUser } = await loginOrSignUp(server.ctx, await server.ctx.apps.require(appId), account);
      return issueSession(server.ctx, await server.ctx.apps.require(appId), user, isNewUser);
    },
    async tableCounts() {
      const tables = await server.db.introspection.getTables();
      const counts: Record<string, number> = {};
      for (const table of tables) {
        if (table.name.startsWith('latch_migrations')) continue;
        const row = await server.db
          // biome-ignore lint/suspicious/noExplicitAny: the table list comes from introspection
          .selectFrom(table.name as any)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow();
        counts[table.name] = Number(row.n);
      }
      return counts;
    },
  };
}

/** The headers the widget sends for an app (SPEC §7). */
export function widgetHeaders(appId: string, clientId: string, token?: string): Record<string, string> {
  return {
    [HEADER.appId]: appId,
    [HEADER.clientId]: clientId,
    [HEADER.clientAnalyticsId]: 'test-ca-id',
    [HEADER.client]: 'react-auth:test',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
}

/**
 * Which backends a `forEachBackend` suite runs on. `'one'` (the default, `routeBackends()`): for route and
 * logic suites, whose backend-specific steps the contract suites prove everywhere. `'all'`: every
 * backend of `backends()`, for a suite that is itself a store contract, i.e. proves what a backend
 * could break: atomicity under concurrent requests (the one-statement login, refresh rotation and
 * session families, single use), a Redis or SQL branch of the code, the event outbox, the key stores.
 * A function keeps the backends it accepts (e.g. only those with Redis).
 */
export type BackendChoice = 'one' | 'all' | ((backend: Backend) => boolean);

/** The backends a choice names (see `BackendChoice`). */
function chosenBackends(choice: BackendChoice = 'one'): Backend[] {
  if (choice === 'one') return routeBackends();
  if (choice === 'all') return backends();
  return backends().filter(choice);
}

/**
 * Runs `fn` as a describe block on each chosen backend (one unless `backends` says otherwise);
 * `server()` gives that block's server, built before its tests and closed (database dropped) after them.
 */
export function forEachBackend(
  name: string,
  fn: (server: () => TestServer, backend: string) => void,
  options: { settings?: Partial<Settings>; overrides?: () => ServerOverrides; backends?: BackendChoice } = {},
): void {
  for (const backend of chosenBackends(options.backends)) {
    describe(`${name} [${backend.name}]`, () => {
      let current: TestServer | undefined;
      let dispose: (() => Promise<void>) | undefined;
      beforeAll(async () => {
        const prepared = await backend.prepare();
        dispose = prepared.dispose;
        current = await createTestServer(
          { ...prepared.settings, ...options.settings },
          backend.name,
          options.overrides?.(),
        );
      });
      afterAll(async () => {
        await current?.close();
        await dispose?.();
      });
      fn(() => {
        if (!current) throw new Error('The test server is not ready (used outside a test?)');
        return current;
      }, backend.name);
    });
  }
}

/**
 * `forEachBackend` on every backend (`backends: 'all'`): for store contracts, the suites whose guarantee
 * depends on the backend (see `BackendChoice`); route and logic suites use `forEachBackend`.
 */
export function forEveryBackend(
  name: string,
  fn: (server: () => TestServer, backend: string) => void,
  options: { settings?: Partial<Settings>; overrides?: () => ServerOverrides } = {},
): void {
  forEachBackend(name, fn, { ...options, backends: 'all' });
}
