import { readFileSync } from 'node:fs';
import { LatchError, LOGIN_METHOD_FLAG, OAUTH_PROVIDERS, type OAuthProvider } from '@latch/protocol';
import * as v from 'valibot';
import type { HostAppConfigPatch } from '../identity/apps/appConfigSchema.js';
import type { ServerContext } from '../kernel/context.js';

const url = v.pipe(v.string(), v.url(), v.maxLength(2048));
const secret = v.pipe(v.string(), v.minLength(1), v.maxLength(8192));

/**
 * The dev IdP's description (`apps/dev-idp/src/describeDevIdp.ts`, written by its main.ts for `npm start`):
 * each stand-in provider's client, the Telegram bot, the custom-token issuer and the MoonPay stand-in, with
 * fresh secrets per start.
 */
const DevIdpDescription = v.object({
  url,
  providers: v.record(
    v.picklist(OAUTH_PROVIDERS),
    v.object({
      client_id: v.pipe(v.string(), v.minLength(1), v.maxLength(256)),
      client_secret: secret,
      endpoints: v.object({
        authorization: url,
        token: url,
        userinfo: url,
        issuer: v.optional(url),
        jwks: v.optional(url),
      }),
      team_id: v.optional(v.string()),
      key_id: v.optional(v.string()),
    }),
  ),
  telegram: v.object({ origin: url, bot_id: v.string(), bot_name: v.string(), bot_token: secret }),
  custom: v.object({ issuer: url, jwks_url: url, audience: v.string() }),
  // The MoonPay stand-in (docs/onramp.md), when the dev IdP serves one: fresh keys per start.
  moonpay: v.optional(
    v.object({
      widget_url: url,
      sandbox_widget_url: url,
      api_url: url,
      publishable_key: secret,
      sandbox_publishable_key: secret,
      secret_key: secret,
      sandbox_secret_key: secret,
    }),
  ),
  // The Farcaster stand-in (docs/farcaster.md): the demo app's fid and its custody key sign signer requests.
  farcaster: v.optional(
    v.object({
      app_fid: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))),
      app_key: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{64}$/)),
    }),
  ),
});

/** What ensure-demo reads from `--dev-idp FILE`. */
type DevIdpDescription = v.InferOutput<typeof DevIdpDescription>;

/** Reads and checks the dev IdP's description file (its secrets never reach an error message). */
export function readDevIdpDescription(path: string): DevIdpDescription {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    throw new LatchError('invalid_data', `--dev-idp: ${path} is not a readable JSON file.`);
  }
  const result = v.safeParse(DevIdpDescription, json);
  if (!result.success) {
    const where = result.issues[0]?.path?.map((p) => String(p.key)).join('.') ?? '';
    throw new LatchError('invalid_data', `--dev-idp: ${path} is not a dev IdP description (at "${where}").`);
  }
  return result.output;
}

/**
 * Points the demo app's social login at the dev IdP (npm start only): stores each provider's client and the
 * Telegram bot token as the app's login credentials (sealed), and returns the config that turns them on with
 * Telegram and custom-token login; with the MoonPay stand-in, its keys and the on-ramp too. Credentials go
 * first: a method is enabled only once its credentials exist.
 */
export async function setUpDemoSocialLogin(
  ctx: Pick<ServerContext, 'loginCredentials' | 'onRampSettings'>,
  appId: string,
  idp: DevIdpDescription,
): Promise<HostAppConfigPatch> {
  const providers = OAUTH_PROVIDERS.filter((p) => idp.providers[p]);
  for (const provider of providers) {
    const client = idp.providers[provider]!;
    const publicConfig = {
      client_id: client.client_id,
      endpoints: client.endpoints,
      ...(client.team_id ? { team_id: client.team_id } : {}),
      ...(client.key_id ? { key_id: client.key_id } : {}),
    };
    await ctx.loginCredentials.set(appId, provider, publicConfig, client.client_secret);
  }
  const bot = { bot_id: idp.telegram.bot_id, bot_name: idp.telegram.bot_name };
  await ctx.loginCredentials.set(appId, 'telegram', bot, idp.telegram.bot_token);
  // Farcaster's credentials only sign signer requests; the login works with the stand-in's registry and relay.
  if (idp.farcaster?.app_fid) {
    await ctx.loginCredentials.set(appId, 'farcaster', { app_fid: idp.farcaster.app_fid }, idp.farcaster.app_key);
  }
  const flags = Object.fromEntries(providers.map((p: OAuthProvider) => [LOGIN_METHOD_FLAG[p], true]));
  return {
    ...flags,
    ...(idp.moonpay ? await setUpDemoOnRamp(ctx, appId, idp.moonpay) : {}),
    ...(idp.farcaster ? { farcaster_auth: true } : {}),
    telegram_auth: true,
    telegram_auth_config: bot,
    custom_auth_config: {
      issuer: idp.custom.issuer,
      audience: idp.custom.audience,
      algorithms: ['RS256', 'ES256'],
      jwks_url: idp.custom.jwks_url,
      public_key_pem: null,
    },
  };
}

/** Stores the MoonPay stand-in's live and sandbox keys as the demo app's on-ramp settings; the on-ramp goes on. */
async function setUpDemoOnRamp(
  ctx: Pick<ServerContext, 'onRampSettings'>,
  appId: string,
  moonpay: NonNullable<DevIdpDescription['moonpay']>,
): Promise<HostAppConfigPatch> {
  await ctx.onRampSettings.set(appId, 'live', {
    publishableKey: moonpay.publishable_key,
    secretKey: moonpay.secret_key,
    widgetUrl: moonpay.widget_url,
    apiUrl: moonpay.api_url,
  });
  await ctx.onRampSettings.set(appId, 'sandbox', {
    publishableKey: moonpay.sandbox_publishable_key,
    secretKey: moonpay.sandbox_secret_key,
    widgetUrl: moonpay.sandbox_widget_url,
    apiUrl: moonpay.api_url,
  });
  return { fiat_on_ramp_enabled: true };
}
