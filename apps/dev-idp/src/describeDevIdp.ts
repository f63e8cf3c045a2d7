import type { OAuthEndpoints, OAuthProvider } from '@latch/protocol';
import type { DevIdp } from './startDevIdp.js';
import { TURNSTILE_KEYS } from './turnstile.js';

/**
 * What `latch-server apps ensure-demo --dev-idp FILE` reads (snake_case JSON, written with mode 0600 by
 * main.ts): each provider's client, the Telegram bot, the custom issuer and the MoonPay stand-in. Random
 * secrets per start.
 */
export interface DevIdpDescription {
  url: string;
  providers: Partial<
    Record<
      OAuthProvider,
      {
        client_id: string;
        /** The client secret; Apple: the developer's ES256 private key (PEM). */
        client_secret: string;
        endpoints: OAuthEndpoints;
        team_id?: string;
        key_id?: string;
      }
    >
  >;
  telegram: { origin: string; bot_id: string; bot_name: string; bot_token: string };
  custom: { issuer: string; jwks_url: string; audience: string; token_url: string };
  /** The MoonPay stand-in: its widgets and API, and this start's live and sandbox keys. */
  moonpay: {
    widget_url: string;
    sandbox_widget_url: string;
    api_url: string;
    publishable_key: string;
    sandbox_publishable_key: string;
    secret_key: string;
    sandbox_secret_key: string;
  };
  /**
   * The Farcaster stand-in: its signed-key-request API, the dev chain's IdRegistry (null without a chain), the
   * test user's fid and the demo app's fid with its custody key (a public test key), which signs signer requests.
   */
  farcaster: {
    api_url: string;
    page_url: string;
    id_registry: string | null;
    user_fid: number | null;
    app_fid: number | null;
    app_key: string;
  };
  /**
   * The Cloudflare Turnstile stand-in: its widget script and siteverify (LATCH_TURNSTILE_SITEVERIFY_URL), and
   * the keys it knows (Cloudflare's testing keys and its own `standin-*` site keys, TURNSTILE_KEYS).
   */
  turnstile: {
    script_url: string;
    siteverify_url: string;
    pass_site_key: string;
    fail_site_key: string;
    timeout_site_key: string;
    expire_site_key: string;
    pass_secret: string;
  };
  /** Cloud backups' stand-ins (docs/cloud-backup.md): LATCH_GOOGLE_DRIVE_API_URL and LATCH_CLOUDKIT_*. */
  clouds: {
    google_drive_api_url: string;
    cloudkit: { api_url: string; container: string; environment: 'development'; api_token: string };
  };
}

/** The description of a running dev IdP. */
export function describeDevIdp(idp: DevIdp): DevIdpDescription {
  const providers: DevIdpDescription['providers'] = {};
  for (const [name, p] of Object.entries(idp.providers) as [OAuthProvider, (typeof idp.providers)['google']][]) {
    if (!p) continue;
    providers[name] = { client_id: p.clientId, client_secret: p.clientSecret, endpoints: p.endpoints };
  }
  if (idp.providers.apple && providers.apple) {
    providers.apple.team_id = idp.providers.apple.teamId;
    providers.apple.key_id = idp.providers.apple.keyId;
  }
  const { telegram, customIssuer, moonPay, farcaster } = idp;
  return {
    url: idp.url,
    providers,
    telegram: {
      origin: telegram.origin,
      bot_id: telegram.botId,
      bot_name: telegram.botName,
      bot_token: telegram.botToken,
    },
    custom: {
      issuer: customIssuer.issuer,
      jwks_url: customIssuer.jwksUrl,
      audience: customIssuer.audience,
      token_url: `${idp.url}/custom/token`,
    },
    moonpay: {
      widget_url: moonPay.widgetUrl,
      sandbox_widget_url: moonPay.sandboxWidgetUrl,
      api_url: moonPay.apiUrl,
      publishable_key: moonPay.publishableKey,
      sandbox_publishable_key: moonPay.sandboxPublishableKey,
      secret_key: moonPay.secretKey,
      sandbox_secret_key: moonPay.sandboxSecretKey,
    },
    farcaster: {
      api_url: farcaster.apiUrl,
      page_url: farcaster.pageUrl,
      id_registry: farcaster.idRegistry ?? null,
      user_fid: farcaster.user.fid,
      app_fid: farcaster.app.fid,
      app_key: farcaster.app.privateKey,
    },
    turnstile: {
      script_url: idp.turnstile.scriptUrl,
      siteverify_url: idp.turnstile.siteverifyUrl,
      pass_site_key: TURNSTILE_KEYS.passSiteKey,
      fail_site_key: TURNSTILE_KEYS.failSiteKey,
      timeout_site_key: TURNSTILE_KEYS.timeoutSiteKey,
      expire_site_key: TURNSTILE_KEYS.expireSiteKey,
      pass_secret: TURNSTILE_KEYS.passSecret,
    },
    clouds: {
      google_drive_api_url: idp.googleDrive.apiUrl,
      cloudkit: {
        api_url: idp.cloudKit.apiUrl,
        container: idp.cloudKit.container,
        environment: idp.cloudKit.environment,
        api_token: idp.cloudKit.apiToken,
      },
    },
  };
}
