import { isAppId, LatchError } from '@latch/protocol';
import type { ServerContext } from '../kernel/context.js';
import type { OnRampMode, OnRampPublicSettings } from '../modules/onRamp/OnRampSettings.js';
import { assertOnRampClearable } from '../modules/onRamp/onRampConfigCheck.js';
import { UsageError } from './usageError.js';

/** The usage lines of `apps onramp` (docs/onramp.md). */
export const ON_RAMP_USAGE = `  apps onramp set <app-id> [--sandbox] --publishable-key KEY
       (--secret-key-file PATH | LATCH_ONRAMP_SECRET_KEY) [--widget-url URL] [--api-url URL]
                                 the app's MoonPay keys, live or --sandbox (docs/onramp.md): the secret key is
                                 stored sealed under the master key; the URLs default to MoonPay's own; then
                                 turn the on-ramp on: apps update <app-id> --config '{"fiat_on_ramp_enabled":true}'
  apps onramp clear <app-id> [--sandbox]
                                 forget the live (or sandbox) keys (the last ones: turn the on-ramp off first)
  apps onramp list <app-id>      the app's on-ramp modes, publishable keys and URLs (never a secret)
`;

/** The options of `apps onramp` (`secret-key` is filled by the CLI from the file or the environment: secretOptions.ts). */
export const ON_RAMP_OPTIONS = {
  sandbox: { type: 'boolean' },
  'publishable-key': { type: 'string' },
  'secret-key-file': { type: 'string' },
  'secret-key': { type: 'string' },
  'widget-url': { type: 'string' },
  'api-url': { type: 'string' },
} as const;

/** What an `apps onramp` command reads of a parsed command line. */
interface OnRampCommand {
  /** 'set', 'clear' or 'list'. */
  action?: string;
  appId?: string;
  values: {
    sandbox?: boolean;
    'publishable-key'?: string;
    'secret-key'?: string;
    'widget-url'?: string;
    'api-url'?: string;
  };
}

/** Checks an `apps onramp` command line before any database is opened; throws UsageError naming the problem. */
export function assertOnRampRunnable({ action, appId, values }: OnRampCommand): void {
  if (action !== 'set' && action !== 'clear' && action !== 'list') {
    throw new UsageError(`Unknown apps onramp command "${action ?? ''}" (set, clear, list).\n\n${ON_RAMP_USAGE}`);
  }
  if (!appId) throw new UsageError(`apps onramp ${action} needs the app id.`);
  if (!isAppId(appId)) throw new LatchError('invalid_app_id');
  if (action !== 'set') return;
  if (!values['publishable-key']) throw new UsageError('apps onramp set needs --publishable-key KEY.');
}

/** The secret key of a `set` command, inlined by the CLI after `assertOnRampRunnable` ran (secretOptions.ts). */
function secretKey(values: OnRampCommand['values']): string {
  const secret = values['secret-key'];
  if (!secret)
    throw new UsageError('apps onramp set needs the secret key: --secret-key-file PATH or LATCH_ONRAMP_SECRET_KEY.');
  return secret;
}

/** What `apps onramp` prints of a mode's settings: everything public, never the secret key. */
function describe(appId: string, enabled: boolean, settings: OnRampPublicSettings) {
  return {
    app_id: appId,
    mode: settings.mode,
    fiat_on_ramp_enabled: enabled,
    publishable_key: settings.publishableKey,
    widget_url: settings.widgetUrl,
    api_url: settings.apiUrl,
    has_secret_key: true,
  };
}

/** Runs `apps onramp set|clear|list`; prints JSON lines without any secret. */
export async function runOnRampCommand(
  ctx: ServerContext,
  command: OnRampCommand,
  print: (value: unknown) => void,
): Promise<number> {
  assertOnRampRunnable(command);
  const { action, values } = command;
  const app = await ctx.apps.require(command.appId, { fresh: true });
  const enabled = app.config.fiat_on_ramp_enabled === true;
  const mode: OnRampMode = values.sandbox ? 'sandbox' : 'live';
  if (action === 'list') {
    for (const settings of await ctx.onRampSettings.list(app.id)) print(describe(app.id, enabled, settings));
    return 0;
  }
  if (action === 'clear') {
    await assertOnRampClearable(ctx.onRampSettings, app, mode);
    print({ app_id: app.id, mode, cleared: await ctx.onRampSettings.clear(app.id, mode) });
    return 0;
  }
  const stored = await ctx.onRampSettings.set(app.id, mode, {
    publishableKey: values['publishable-key'] as string,
    secretKey: secretKey(values),
    ...(values['widget-url'] === undefined ? {} : { widgetUrl: values['widget-url'] }),
    ...(values['api-url'] === undefined ? {} : { apiUrl: values['api-url'] }),
  });
  print(describe(app.id, enabled, stored));
  return 0;
}
