import { readFileSync } from 'node:fs';
import type { AppRecord } from '../identity/apps/appStore.js';
import { UsageError } from './usageError.js';

/** An app as `apps list` and `apps update` print it. */
export const appSummary = (app: AppRecord) => ({
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

/** Replaces `--config-file PATH` by `--config <its content>`, so the line can run in another process. */
export function inlineConfigFile(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const path = arg === '--config-file' ? argv[++i] : arg.startsWith('--config-file=') ? arg.slice(14) : undefined;
    if (path === undefined && arg !== '--config-file') out.push(arg);
    else if (path !== undefined) out.push('--config', readFileSync(path, 'utf8'));
    else throw new UsageError('--config-file needs a path.');
  }
  return out;
}
