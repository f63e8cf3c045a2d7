import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { isAppId, LatchError } from '@latch/protocol';
import {
  assertValidHostConfig,
  DEFAULT_HOST_CONFIG,
  mergeHostConfig,
  parseHostConfigPatch,
} from '../identity/apps/appConfigSchema.js';
import type { AppInput } from '../identity/apps/appInput.js';
import { ConfigError } from '../kernel/config/config.js';
import type { ServerContext } from '../kernel/context.js';
import { DEFAULT_ROTATION_BATCH, rotateKeys } from '../kernel/crypto/rotate.js';
import { moduleSealing } from '../kernel/module.js';
import { resetUserMfa } from '../modules/mfa/resetUserMfa.js';
import { buildModules, migrateServer } from '../serverMigrations.js';
import { assertConfigUsable } from './appConfigChecks.js';
import {
  APP_SECRET_OPTIONS,
  APP_SECRET_USAGE,
  assertAppSecretRunnable,
  runAppSecretCommand,
} from './appSecretCommands.js';
import { appSummary } from './appSummary.js';
import { assertCaptchaRunnable, CAPTCHA_OPTIONS, CAPTCHA_USAGE, runCaptchaCommand } from './captchaCommands.js';
import { DEMO_APP_NAME, ensureDemo } from './ensureDemo.js';
import { withCreateOnLogin } from './newAppConfig.js';
import { assertOAuthRunnable, OAUTH_OPTIONS, OAUTH_USAGE, runOAuthCommand } from './oauthCommands.js';
import { assertOnRampRunnable, ON_RAMP_OPTIONS, ON_RAMP_USAGE, runOnRampCommand } from './onRampCommands.js';
import { assertTelegramRunnable, runTelegramCommand, TELEGRAM_OPTIONS, TELEGRAM_USAGE } from './telegramCommands.js';
import { UsageError } from './usageError.js';
import { assertWebhookRunnable, runWebhookCommand, WEBHOOK_OPTIONS, WEBHOOK_USAGE } from './webhookCommands.js';

export const USAGE = `Usage: latch-server <command>

  start                          run the server (LATCH_PORT, LATCH_HOST, …; see docs/server.md)
  migrate                        bring the database schema up to date
  apps create [options]          create an app; prints {"app_id","client_id"}
  apps list                      list apps (one JSON object per line)
  apps update <app-id> [options] change an app
  apps add-client <app-id>       another client id for the app; prints {"app_id","client_id"}
  apps rotate-keys <app-id>      new signing key; old tokens stay valid until they expire
  apps ensure-demo --origin URL  create or reuse the "${DEMO_APP_NAME}" app; prints {"app_id","client_id"}
       [--dev-idp FILE]          (npm start) social login through the dev IdP described in FILE
${OAUTH_USAGE}${TELEGRAM_USAGE}
${ON_RAMP_USAGE}${CAPTCHA_USAGE}${APP_SECRET_USAGE}
${WEBHOOK_USAGE}
  keys generate [--out FILE]     write fresh LATCH_MASTER_KEY and LATCH_RECOVERY_KEY to FILE (default latch.env),
                                 mode 0600; an existing FILE is kept
  mail-sink [--port N]           an SMTP server on 127.0.0.1 (default port 2525) that prints every email sent
                                 to it (SMTP_URL=smtp://127.0.0.1:2525): see login codes without a relay
  keys rotate [--batch N]        re-seal every stored secret under LATCH_MASTER_KEY / LATCH_RECOVERY_KEY
                                 (old keys in LATCH_MASTER_KEY_PREVIOUS / LATCH_RECOVERY_KEY_PREVIOUS)
  users reset-mfa <app-id> --user USER-ID
                                 remove every MFA method of a user who lost them all (check the user's
                                 identity out of band first); prints what was removed (docs/mfa.md)

While the server runs on an embedded database (no DATABASE_URL), commands other than start go
through it (the data directory is locked to one process).

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
  --embedded-wallets WHEN        (create) who gets an embedded wallet at login: users-without-wallets (default),
                                 all-users or off (embedded_wallet_config.create_on_login)
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
  batch: { type: 'string' },
  out: { type: 'string' },
  'embedded-wallets': { type: 'string' },
  port: { type: 'string' },
  user: { type: 'string' },
  'dev-idp': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  ...TELEGRAM_OPTIONS,
  ...OAUTH_OPTIONS,
  ...ON_RAMP_OPTIONS,
  ...CAPTCHA_OPTIONS,
  ...APP_SECRET_OPTIONS,
  ...WEBHOOK_OPTIONS,
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

/** A parsed command line. */
export interface Command {
  command?: string;
  sub?: string;
  target?: string;
  /** The positionals after `command sub` (`apps oauth set <app-id> <provider>`: set, app id, provider). */
  args: string[];
  values: Values;
}

/** Parses a command line (without node and script). */
export function parseCommand(argv: string[]): Command {
  const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
  const [command, sub, target] = positionals;
  return { command, sub, target, args: positionals.slice(2), values };
}

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

/**
 * Turns command-line options into an AppInput. `--config-file` is read here, by the CLI process,
 * so a command forwarded to the server carries the file's content, never a path the server would read.
 */
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

/** The AppInput of `apps create`: its options, and the embedded wallet a new app gets (newAppConfig.ts). */
function newAppInput(values: Values): AppInput {
  const input = appInput(values);
  return { ...input, config: withCreateOnLogin(input.config, values['embedded-wallets']) };
}

// biome-ignore format: one line per group keeps this file under 300 lines
const APPS_COMMANDS = ['create', 'list', 'update', 'add-client', 'rotate-keys', 'ensure-demo', 'telegram', 'oauth', 'secret', 'onramp', 'captcha', 'webhooks'];

/** Checks a new app's id and config before the database is opened, so mistakes fail fast. */
export function assertRunnable({ command, sub, target, args, values }: Command): void {
  if (command === 'apps' && sub === 'telegram') assertTelegramRunnable({ action: args[0], appId: args[1], values });
  if (command === 'apps' && sub === 'secret') assertAppSecretRunnable({ action: args[0], appId: args[1], values });
  if (command === 'apps' && sub === 'onramp') assertOnRampRunnable({ action: args[0], appId: args[1], values });
  if (command === 'apps' && sub === 'captcha') assertCaptchaRunnable({ action: args[0], appId: args[1], values });
  if (command === 'apps' && sub === 'webhooks') assertWebhookRunnable({ args, values }, true);
  if (command === 'apps' && sub === 'oauth') {
    assertOAuthRunnable(args, values);
    return;
  }
  if (command === 'apps' && sub === 'create') {
    const input = { ...newAppInput(values), id: values.id };
    if (input.id !== undefined && !isAppId(input.id)) throw new LatchError('invalid_app_id');
    assertValidHostConfig(mergeHostConfig(DEFAULT_HOST_CONFIG, parseHostConfigPatch(input.config ?? {})));
  }
  if (values['embedded-wallets'] !== undefined && !(command === 'apps' && sub === 'create'))
    throw new UsageError(
      '--embedded-wallets is an option of apps create (apps update: --config with embedded_wallet_config).',
    );
  if (command === 'apps' && sub === 'update') {
    const input = appInput(values);
    if (input.config !== undefined) parseHostConfigPatch(input.config);
  }
  if (command === 'keys' && sub !== 'rotate') throw new UsageError(`Unknown keys command "${sub ?? ''}".\n\n${USAGE}`);
  if (command === 'keys' && values.batch !== undefined && parseWhole(values.batch, '--batch') < 1)
    throw new UsageError('--batch must be at least 1.');
  if (command === 'apps' && !APPS_COMMANDS.includes(sub ?? ''))
    throw new UsageError(`Unknown apps command "${sub ?? ''}".\n\n${USAGE}`);
  if (command === 'users' && sub !== 'reset-mfa')
    throw new UsageError(`Unknown users command "${sub ?? ''}".\n\n${USAGE}`);
  if (command === 'users' && (!target || !values.user))
    throw new UsageError('users reset-mfa needs the app id and --user USER-ID.');
  if (command !== 'apps' && command !== 'keys' && command !== 'migrate' && command !== 'users')
    throw new UsageError(`Unknown command "${command}".\n\n${USAGE}`);
}

/** Runs a data command (CLI, admin channel) on `ctx` and `modules`, printing each output; returns the exit code. */
export async function runCommand(
  ctx: ServerContext,
  cmd: Command,
  print: (value: unknown) => void,
  modules = buildModules,
): Promise<number> {
  assertRunnable(cmd);
  const { command, sub, target, values } = cmd;
  if (command === 'apps' && sub === 'oauth') return runOAuthCommand(ctx, cmd.args, values, print);
  if (command === 'migrate') {
    print({ migrated: await migrateServer(ctx.db, modules) });
    return 0;
  }
  if (command === 'keys') {
    const batch = values.batch === undefined ? DEFAULT_ROTATION_BATCH : parseWhole(values.batch, '--batch');
    const report = await rotateKeys(ctx, moduleSealing(modules), batch);
    // Signing keys cached by this process were opened before; new ones open under the current key.
    ctx.keys.clearCache();
    print(report);
    return report.failed.length > 0 ? 1 : 0;
  }
  if (command === 'users') {
    const app = await ctx.apps.require(target);
    // The DID (`did:latch:<id>`, as the wire shows it) or the bare id.
    const userId = (values.user as string).replace(/^did:latch:/, '');
    print(await resetUserMfa(ctx, { appId: app.id, userId }));
    return 0;
  }
  if (sub === 'webhooks') return runWebhookCommand(ctx, { args: cmd.args, values }, print);
  if (sub === 'secret') return runAppSecretCommand(ctx, { action: cmd.args[0], appId: cmd.args[1], values }, print);
  if (sub === 'telegram') return runTelegramCommand(ctx, { action: cmd.args[0], appId: cmd.args[1], values }, print);
  if (sub === 'onramp') return runOnRampCommand(ctx, { action: cmd.args[0], appId: cmd.args[1], values }, print);
  if (sub === 'captcha') return runCaptchaCommand(ctx, { action: cmd.args[0], appId: cmd.args[1], values }, print);
  switch (sub) {
    case 'create': {
      const input = newAppInput(values);
      // A new app has no provider credentials yet: OAuth/Telegram/on-ramp are turned on after `apps oauth|telegram|onramp set`.
      await assertConfigUsable(ctx, undefined, input.config);
      const app = await ctx.apps.create({ ...input, id: values.id });
      print({ app_id: app.id, client_id: app.clientIds[0] });
      return 0;
    }
    case 'list':
      for (const app of await ctx.apps.list()) print(appSummary(app));
      return 0;
    case 'update': {
      const input = appInput(values);
      const existing = await ctx.apps.require(target, { fresh: true });
      await assertConfigUsable(ctx, existing, input.config);
      const app = await ctx.apps.update(existing.id, input);
      print(appSummary(app));
      return 0;
    }
    case 'add-client': {
      const app = await ctx.apps.require(target);
      print({ app_id: app.id, client_id: await ctx.apps.addClient(app.id) });
      return 0;
    }
    case 'rotate-keys': {
      const app = await ctx.apps.require(target);
      print({ app_id: app.id, kid: await ctx.keys.rotate(app.id, app.accessTokenTtlSeconds) });
      return 0;
    }
    default: {
      const app = await ensureDemo(ctx, values.origin?.[0], values['dev-idp']);
      print({ app_id: app.id, client_id: app.clientIds[0] });
      return 0;
    }
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
