import { isAppId, LatchError } from '@latch/protocol';
import { isWebhookEventType, type LatchWebhookEventType, WEBHOOK_EVENT_TYPES } from '@latch/protocol/webhooks';
import type { ServerContext } from '../kernel/context.js';
import { latestWebhookDeliveries } from '../modules/webhooks/webhookDeliveries.js';
import { assertWebhookUrl, type WebhookUrlPolicy } from '../modules/webhooks/webhookUrl.js';
import { UsageError } from './usageError.js';

/** How long the previous secret keeps signing after `rotate-secret` unless `--grace` says otherwise. */
const DEFAULT_WEBHOOK_GRACE_SECONDS = 24 * 60 * 60;
const MAX_WEBHOOK_GRACE_SECONDS = 30 * 24 * 60 * 60;

/** The usage lines of the webhook commands (docs/webhooks.md). */
export const WEBHOOK_USAGE = `  apps webhooks add <app-id> --url URL [--events a,b]
                                 a webhook endpoint (https; http to loopback in dev mode or with
                                 LATCH_WEBHOOKS_ALLOW_HTTP_LOOPBACK=1); prints its signing secret once.
                                 Events (default all): ${WEBHOOK_EVENT_TYPES.join(', ')}
  apps webhooks list <app-id>    the app's endpoints (one JSON object per line; no secrets)
  apps webhooks remove <app-id> <endpoint-id>
  apps webhooks rotate-secret <app-id> <endpoint-id> [--grace SECONDS]
                                 a new signing secret; the previous one also signs for SECONDS (default ${DEFAULT_WEBHOOK_GRACE_SECONDS})
  apps webhooks deliveries <app-id>
                                 the latest 100 deliveries and their state (pending, delivered, failed)`;

/** The options of the webhook commands (`--grace` is shared with `apps secret rotate`). */
export const WEBHOOK_OPTIONS = {
  url: { type: 'string' },
  events: { type: 'string' },
} as const;

/** What a webhook command reads of a parsed command line. */
interface WebhookCommand {
  /** The positionals after `apps webhooks`: action, app id, endpoint id. */
  args: string[];
  values: { url?: string; events?: string; grace?: string };
}

const ACTIONS = ['add', 'list', 'remove', 'rotate-secret', 'deliveries'];

function events(raw: string | undefined): LatchWebhookEventType[] {
  if (raw === undefined) return [...WEBHOOK_EVENT_TYPES];
  const list = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = list.filter((e) => !isWebhookEventType(e));
  if (list.length === 0 || unknown.length > 0)
    throw new UsageError(`--events takes a comma-separated list of: ${WEBHOOK_EVENT_TYPES.join(', ')}.`);
  return [...new Set(list as LatchWebhookEventType[])];
}

function grace(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_WEBHOOK_GRACE_SECONDS;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || value > MAX_WEBHOOK_GRACE_SECONDS)
    throw new UsageError(`--grace must be a whole number of seconds from 0 to ${MAX_WEBHOOK_GRACE_SECONDS}.`);
  return value;
}

/**
 * Checks a webhook command line before any database is opened; throws UsageError naming the problem. Before
 * the server's settings are known `policy` is true (the URL's form is checked); the run checks it again with them.
 */
export function assertWebhookRunnable({ args, values }: WebhookCommand, policy: boolean | WebhookUrlPolicy): void {
  const [action, appId, endpointId] = args;
  if (!ACTIONS.includes(action ?? ''))
    throw new UsageError(
      `Unknown apps webhooks command "${action ?? ''}" (${ACTIONS.join(', ')}).\n\n${WEBHOOK_USAGE}`,
    );
  if (!appId) throw new UsageError(`apps webhooks ${action} needs the app id.`);
  if (!isAppId(appId)) throw new LatchError('invalid_app_id');
  if ((action === 'remove' || action === 'rotate-secret') && !endpointId)
    throw new UsageError(`apps webhooks ${action} needs the endpoint id (see apps webhooks list).`);
  if (action !== 'add' && (values.url !== undefined || values.events !== undefined))
    throw new UsageError('--url and --events are options of add.');
  if (action !== 'rotate-secret' && values.grace !== undefined)
    throw new UsageError('--grace is an option of rotate-secret.');
  if (action === 'add') {
    if (!values.url) throw new UsageError('apps webhooks add needs --url URL.');
    assertWebhookUrl(values.url, policy);
    events(values.events);
  }
  if (action === 'rotate-secret') grace(values.grace);
}

/**
 * Runs `apps webhooks add|list|remove|rotate-secret|deliveries`, one JSON object per printed line. A secret
 * is printed only by add and rotate-secret, once; it is stored sealed under the master key.
 */
export async function runWebhookCommand(
  ctx: ServerContext,
  command: WebhookCommand,
  print: (value: unknown) => void,
): Promise<number> {
  assertWebhookRunnable(command, ctx.settings);
  const [action, , endpointId] = command.args;
  const app = await ctx.apps.require(command.args[1]);
  const endpoints = ctx.webhookEndpoints;
  if (action === 'add') {
    const url = assertWebhookUrl(command.values.url as string, ctx.settings);
    print(await endpoints.add(app.id, url, events(command.values.events)));
  } else if (action === 'list') {
    for (const endpoint of await endpoints.list(app.id)) print(endpoint);
  } else if (action === 'remove') {
    await endpoints.remove(app.id, endpointId as string);
    print({ endpoint_id: endpointId, removed: true });
  } else if (action === 'rotate-secret') {
    print(await endpoints.rotateSecret(app.id, endpointId as string, grace(command.values.grace)));
  } else {
    for (const delivery of await latestWebhookDeliveries(ctx.db, app.id)) print(delivery);
  }
  return 0;
}
