import { OAUTH_PROVIDERS, type OAuthProvider } from '@latch/protocol';
import { assertRemovable } from '../identity/credentials/methodCredentialsCheck.js';
import type { ServerContext } from '../kernel/context.js';
import { checkOAuthPublicConfig, type OAuthPublicConfig } from '../modules/oauth/oauthCredentials.js';
import { UsageError } from './usageError.js';

/** The `apps oauth` options (parseArgs). The secrets are read by the CLI process (secretOptions.ts): `--client-secret-file`
 * or LATCH_OAUTH_CLIENT_SECRET, Apple's `--private-key-file` or LATCH_OAUTH_PRIVATE_KEY; never typed. */
export const OAUTH_OPTIONS = {
  'client-id': { type: 'string' },
  'client-secret-file': { type: 'string' },
  'client-secret': { type: 'string' },
  endpoints: { type: 'string' },
  'team-id': { type: 'string' },
  'key-id': { type: 'string' },
  'private-key-file': { type: 'string' },
  'private-key': { type: 'string' },
  scopes: { type: 'string' },
} as const;

/** The usage lines of `apps oauth`. */
export const OAUTH_USAGE = `  apps oauth set <app-id> <provider> --client-id ID
                                 (--client-secret-file PATH | LATCH_OAUTH_CLIENT_SECRET in the environment)
                                 [--endpoints JSON] [--scopes "a b"]
                                 Apple: --team-id ID --key-id ID --private-key-file KEY.p8
                                 set a provider's credentials (docs/social-login.md); secrets never on the command line
  apps oauth remove <app-id> <provider>
                                 remove them (turn <provider>_oauth off first)
  apps oauth list <app-id>       the app's providers and client ids (never a secret)
`;

/** The parsed values `apps oauth` reads. */
type OAuthValues = { [K in keyof typeof OAUTH_OPTIONS]?: string };

const isProvider = (value: string | undefined): value is OAuthProvider =>
  (OAUTH_PROVIDERS as readonly string[]).includes(value ?? '');

function parseEndpoints(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError('--endpoints is not valid JSON.');
  }
}

/** Checks an `apps oauth` command line before any database is opened. */
export function assertOAuthRunnable(args: string[], values: OAuthValues): void {
  const [action, appId, provider] = args;
  if (!['set', 'remove', 'list'].includes(action ?? '')) {
    throw new UsageError(`Unknown apps oauth command "${action ?? ''}".\n\n${OAUTH_USAGE}`);
  }
  if (!appId) throw new UsageError(`apps oauth ${action} needs the app id.`);
  if (action === 'list') return;
  if (!isProvider(provider)) {
    throw new UsageError(`apps oauth ${action} needs a provider: one of ${OAUTH_PROVIDERS.join(', ')}.`);
  }
  if (action === 'set' && !values['client-id']) throw new UsageError('apps oauth set needs --client-id ID.');
}

/** Runs `apps oauth set|remove|list`; prints JSON lines without any secret. */
export async function runOAuthCommand(
  ctx: ServerContext,
  args: string[],
  values: OAuthValues,
  print: (value: unknown) => void,
): Promise<number> {
  assertOAuthRunnable(args, values);
  const [action, appIdArg, providerArg] = args;
  const app = await ctx.apps.require(appIdArg, { fresh: true });
  if (action === 'list') {
    for (const method of await ctx.loginCredentials.configuredMethods(app.id)) {
      if (!isProvider(method)) continue;
      const stored = await ctx.loginCredentials.get<OAuthPublicConfig>(app.id, method);
      if (stored) print(describe(app.id, method, stored.publicConfig, stored.secret !== null, app.config));
    }
    return 0;
  }
  const provider = providerArg as OAuthProvider;
  if (action === 'remove') {
    assertRemovable(app, provider);
    print({ app_id: app.id, provider, removed: await ctx.loginCredentials.remove(app.id, provider) });
    return 0;
  }
  // Apple's secret is its Sign in with Apple key; the others' the client secret.
  const secret = provider === 'apple' ? (values['private-key'] ?? values['client-secret']) : values['client-secret'];
  if (!secret) {
    throw new UsageError(
      provider === 'apple'
        ? 'Apple needs its Sign in with Apple key: --private-key-file KEY.p8 (or LATCH_OAUTH_PRIVATE_KEY).'
        : 'apps oauth set needs the client secret: --client-secret-file PATH or LATCH_OAUTH_CLIENT_SECRET.',
    );
  }
  const publicConfig = checkOAuthPublicConfig(provider, {
    client_id: values['client-id'],
    ...(values.endpoints === undefined ? {} : { endpoints: parseEndpoints(values.endpoints) }),
    ...(values['team-id'] === undefined ? {} : { team_id: values['team-id'] }),
    ...(values['key-id'] === undefined ? {} : { key_id: values['key-id'] }),
    ...(values.scopes === undefined ? {} : { scopes: values.scopes.split(/[\s,]+/).filter(Boolean) }),
  });
  if (provider === 'apple' && !secret.includes('PRIVATE KEY')) {
    throw new UsageError('The Apple key must be the .p8 file (a PKCS #8 PEM).');
  }
  await ctx.loginCredentials.set(app.id, provider, publicConfig, secret);
  print(describe(app.id, provider, publicConfig, true, app.config));
  return 0;
}

/** What `apps oauth` prints of a provider's credentials: everything public, whether a secret is stored, never the secret. */
function describe(
  appId: string,
  provider: OAuthProvider,
  config: OAuthPublicConfig,
  hasSecret: boolean,
  appConfig: Record<string, unknown>,
) {
  return {
    app_id: appId,
    provider,
    enabled: appConfig[`${provider}_oauth`] === true,
    client_id: config.client_id,
    has_secret: hasSecret,
    ...(config.endpoints ? { endpoints: config.endpoints } : {}),
    ...(config.team_id ? { team_id: config.team_id } : {}),
    ...(config.key_id ? { key_id: config.key_id } : {}),
    ...(config.scopes ? { scopes: config.scopes } : {}),
  };
}
