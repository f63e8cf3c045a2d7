import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { LatchError, LIMIT } from '@latch/protocol';
import {
  assertValidHostConfig,
  DEFAULT_HOST_CONFIG,
  mergeHostConfig,
  parseHostConfigPatch,
} from './apps/appConfigSchema.js';
import type { AppInput, AppRecord } from './apps/appStore.js';
import { ConfigError, loadSettings } from './config.js';
import { createLatchServer, startServer } from './index.js';
import { createLogger } from './logger.js';
import { openDb } from './store/db.js';
import { migrateToLatest } from './store/migrate.js';

/** The name `apps ensure-demo` finds its app by. */
export const DEMO_APP_NAME = 'Latch Demo';
/** Login methods the server implements today; the demo app enables all of them. */
export const IMPLEMENTED_LOGIN_FLAGS = ['email_auth', 'sms_auth', 'wallet_auth'] as const;

const USAGE = `Usage: latch-server <command>

  start                          run the server (LATCH_PORT, LATCH_HOST, …; see docs/server.md)
  migrate                        bring the database schema up to date
  apps create [options]          create an app; prints {"app_id","client_id"}
  apps list                      list apps (one JSON object per line)
  apps update <app-id> [options] change an app
  apps add-client <app-id>       another client id for the app; prints {"app_id","client_id"}
  apps rotate-keys <app-id>      new signing key; old tokens stay valid until they expire
  apps ensure-demo --origin URL  create or reuse the "${DEMO_APP_NAME}" app; prints {"app_id","client_id"}

Options of create/update:
  --name NAME                    app name
  --origin URL                   allowed origin (repeatable)
  --config JSON                  partial SPEC §3 config, e.g. '{"sms_auth":true}'
  --config-file PATH             the same, from a JSON file
  --allowlist LIST               comma-separated emails / E.164 phones / wallet addresses
  --no-allowlist                 remove the allowlist
  --max-users N | none           user cap
  --token-ttl SECONDS            access-token lifetime (default 3600)
  --session-lifetime SECONDS     absolute session lifetime, refreshes included (default 7776000 = 90 days)
  --id ID                        (create) a given 25-character app id
`;

const OPTIONS = {
  name: { type: 'string' },
  origin: { type: 'string', multiple: true },
  config: { type: 'string' },
  'config-file': { type: 'string' },
  allowlist: { type: 'string' },
  'no-allowlist': { type: 'boolean' },
  'max-users': { type: 'string' },
  'token-ttl': { type: 'string' },
  'session-lifetime': { type: 'string' },
  id: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

class UsageError extends Error {}

function parseJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(`${source} is not valid JSON.`);
  }
}

function parseWhole(raw: string, flag: string): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value))
    throw new UsageError(`${flag} must be a whole number, got "${raw}".`);
  return value;
}

/** Turns command-line options into an AppInput. */
function appInput(values: Values): AppInput {
  const input: AppInput = {};
  if (values.name !== undefined) input.name = values.name;
  if (values.origin) input.allowedOrigins = values.origin;
  if (values.config !== undefined) input.config = parseJson(values.config, '--config');
  if (values['config-file'] !== undefined)
    input.config = parseJson(readFileSync(values['config-file'], 'utf8'), values['config-file']);
  if (values.allowlist !== undefined)
    input.allowlist = values.allowlist
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  if (values['no-allowlist']) input.allowlist = null;
  if (values['max-users'] !== undefined) {
    input.maxUsers = values['max-users'] === 'none' ? null : parseWhole(values['max-users'], '--max-users');
  }
  if (values['token-ttl'] !== undefined) input.accessTokenTtlSeconds = parseWhole(values['token-ttl'], '--token-ttl');
  if (values['session-lifetime'] !== undefined)
    input.sessionLifetimeSeconds = parseWhole(values['session-lifetime'], '--session-lifetime');
  return input;
}

const summary = (app: AppRecord) => ({
  app_id: app.id,
  client_id: app.clientIds[0],
  client_ids: app.clientIds,
  name: app.name,
  allowed_origins: app.allowedOrigins,
  login_methods: Object.entries(app.config)
    .filter(([key, value]) => (key.endsWith('_auth') || key.endsWith('_oauth')) && value === true)
    .map(([key]) => key),
  allowlist: app.allowlist,
  max_users: app.maxUsers,
  access_token_ttl_seconds: app.accessTokenTtlSeconds,
  session_lifetime_seconds: app.sessionLifetimeSeconds,
});

const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

async function withServer<T>(fn: (server: Awaited<ReturnType<typeof createLatchServer>>) => Promise<T>): Promise<T> {
  const settings = loadSettings();
  const server = await createLatchServer(settings, { logger: createLogger('warn', process.stderr as never) });
  try {
    return await fn(server);
  } finally {
    await server.close();
  }
}

/** Checks a new app's id and config before the database is opened, so mistakes fail fast. */
function assertCreatable(input: AppInput & { id?: string }): void {
  if (input.id !== undefined && input.id.length !== LIMIT.appIdLength) throw new LatchError('invalid_app_id');
  assertValidHostConfig(mergeHostConfig(DEFAULT_HOST_CONFIG, parseHostConfigPatch(input.config ?? {})));
}

async function ensureDemo(origin: string | undefined): Promise<void> {
  if (!origin) throw new UsageError('apps ensure-demo needs --origin URL (the demo host page).');
  await withServer(async ({ ctx }) => {
    const config = {
      ...Object.fromEntries(IMPLEMENTED_LOGIN_FLAGS.map((flag) => [flag, true])),
      // The demo shows the embedded wallet: every user without a wallet gets one at login.
      embedded_wallet_config: { create_on_login: 'users-without-wallets' as const },
    };
    const existing = await ctx.apps.findByName(DEMO_APP_NAME);
    const app = existing
      ? await ctx.apps.update(existing.id, {
          config,
          allowedOrigins: existing.allowedOrigins.includes(origin)
            ? existing.allowedOrigins
            : [...existing.allowedOrigins, origin],
        })
      : await ctx.apps.create({ name: DEMO_APP_NAME, config, allowedOrigins: [origin] });
    print({ app_id: app.id, client_id: app.clientIds[0] });
  });
}

async function runStart(): Promise<void> {
  const settings = loadSettings();
  const server = await startServer(settings);
  server.ctx.logger.info(
    { url: server.url, dev: settings.dev, database: server.ctx.dbKind, redis: Boolean(settings.redisUrl) },
    'latch server listening',
  );
  const stop = (signal: string) => {
    server.ctx.logger.info({ signal }, 'shutting down: finishing in-flight requests');
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

/** Runs the CLI with `argv` (without node and script). */
export async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
  const [command, sub, target] = positionals;
  if (values.help || !command) {
    process.stdout.write(USAGE);
    return;
  }
  if (command === 'start') return runStart();
  if (command === 'migrate') {
    const settings = loadSettings();
    const { db } = openDb(settings);
    try {
      const applied = await migrateToLatest(db);
      print({ migrated: applied });
    } finally {
      await db.destroy();
    }
    return;
  }
  if (command !== 'apps') throw new UsageError(`Unknown command "${command}".\n\n${USAGE}`);
  switch (sub) {
    case 'create': {
      const input = { ...appInput(values), id: values.id };
      assertCreatable(input);
      return withServer(async ({ ctx }) => {
        const app = await ctx.apps.create(input);
        print({ app_id: app.id, client_id: app.clientIds[0] });
      });
    }
    case 'list':
      return withServer(async ({ ctx }) => {
        for (const app of await ctx.apps.list()) print(summary(app));
      });
    case 'update': {
      const input = appInput(values);
      if (input.config !== undefined) parseHostConfigPatch(input.config);
      return withServer(async ({ ctx }) => {
        const app = await ctx.apps.update((await ctx.apps.require(target)).id, input);
        print(summary(app));
      });
    }
    case 'add-client':
      return withServer(async ({ ctx }) => {
        const app = await ctx.apps.require(target);
        print({ app_id: app.id, client_id: await ctx.apps.addClient(app.id) });
      });
    case 'rotate-keys':
      return withServer(async ({ ctx }) => {
        const app = await ctx.apps.require(target);
        const kid = await ctx.keys.rotate(app.id, app.accessTokenTtlSeconds);
        print({ app_id: app.id, kid });
      });
    case 'ensure-demo':
      return ensureDemo(values.origin?.[0]);
    default:
      throw new UsageError(`Unknown apps command "${sub ?? ''}".\n\n${USAGE}`);
  }
}

/** The message a failed command prints: ours in full, unknown ones without internals. */
export function failureMessage(error: unknown): string {
  if (error instanceof LatchError) {
    if (error.code === 'invalid_app_id') return `Invalid app ID: ${error.message}`;
    if (error.code === 'app_not_found') return 'No app exists with this ID.';
    return `Refused: ${error.message}`;
  }
  if (error instanceof ConfigError || error instanceof UsageError) return error.message;
  if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))
    return `${error.message}\n\n${USAGE}`;
  return `latch-server failed: ${error instanceof Error ? error.message : String(error)}`;
}

const isEntry = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isEntry) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`${failureMessage(error)}\n`);
    process.exit(1);
  });
}
