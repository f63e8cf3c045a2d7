import { isAppId, LatchError } from '@latch/protocol';
import type { ServerContext } from '../kernel/context.js';
import { DEFAULT_ROTATION_GRACE_SECONDS, MAX_ROTATION_GRACE_SECONDS } from '../modules/adminApi/AppSecrets.js';
import { UsageError } from './usageError.js';

/** The usage lines of the app-secret commands (docs/node-sdk.md). */
export const APP_SECRET_USAGE = `  apps secret create <app-id>    the app's secret for the admin API and @latch/node; printed once, stored hashed
  apps secret rotate <app-id> [--grace SECONDS]
                                 a new secret; the previous one keeps working for SECONDS (default ${DEFAULT_ROTATION_GRACE_SECONDS},
                                 0 ends it at once)`;

/** The options of the app-secret commands. */
export const APP_SECRET_OPTIONS = {
  grace: { type: 'string' },
} as const;

/** What an app-secret command reads of a parsed command line. */
interface AppSecretCommand {
  /** 'create' or 'rotate'. */
  action?: string;
  appId?: string;
  values: { grace?: string };
}

function graceSeconds(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_ROTATION_GRACE_SECONDS;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value > MAX_ROTATION_GRACE_SECONDS)
    throw new UsageError(`--grace must be a whole number of seconds from 0 to ${MAX_ROTATION_GRACE_SECONDS}.`);
  return value;
}

/** Checks an app-secret command line before any database is opened; throws UsageError naming the problem. */
export function assertAppSecretRunnable({ action, appId, values }: AppSecretCommand): void {
  if (action !== 'create' && action !== 'rotate')
    throw new UsageError(`Unknown apps secret command "${action ?? ''}" (create, rotate).\n\n${APP_SECRET_USAGE}`);
  if (!appId) throw new UsageError(`apps secret ${action} needs the app id.`);
  if (!isAppId(appId)) throw new LatchError('invalid_app_id');
  if (action === 'create' && values.grace !== undefined) throw new UsageError('--grace is an option of rotate.');
  graceSeconds(values.grace);
}

/**
 * Runs `apps secret create|rotate`: prints `{ app_id, secret, prefix }` (rotate: and when the previous
 * secret stops working). The secret is printed this once and only its hash is stored.
 */
export async function runAppSecretCommand(
  ctx: ServerContext,
  command: AppSecretCommand,
  print: (value: unknown) => void,
): Promise<number> {
  assertAppSecretRunnable(command);
  const app = await ctx.apps.require(command.appId);
  print(
    command.action === 'create'
      ? await ctx.appSecrets.create(app.id)
      : await ctx.appSecrets.rotate(app.id, graceSeconds(command.values.grace)),
  );
  return 0;
}
