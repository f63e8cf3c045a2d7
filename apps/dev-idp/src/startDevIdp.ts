import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAUTH_PROVIDERS, type OAuthEndpoints, type OAuthProvider } from '@latch/protocol';
import { CloudKitStandIn, type DevCloudKit } from './cloudKit.js';
import { createCustomIssuer, type DevCustomIssuer, handleCustom } from './customIssuer.js';
import { type DevFarcaster, FarcasterStandIn, type RelayCall } from './farcaster/FarcasterStandIn.js';
import { type AuthorizationResponse, followLogin, type LoginChoice } from './followLogin.js';
import { type DevGoogleDrive, GoogleDriveStandIn } from './googleDrive.js';
import { sendJson } from './http.js';
import { type DevMoonPay, MoonPayStandIn } from './moonPay.js';
import { createPayer } from './moonPayPayer.js';
import { STYLESHEET } from './pages.js';
import { subjectFor } from './providers.js';
import { type EndpointFailure, type IdTokenTamper, StandIn } from './StandIn.js';
import {
  type DevTelegramBot,
  handleTelegram,
  newTelegramBot,
  signTelegramResult,
  TELEGRAM_POPUP_SCRIPT,
  type TelegramUser,
} from './telegram.js';
import { type DevTurnstile, TurnstileStandIn } from './turnstile.js';

/** Options of startDevIdp. */
export interface DevIdpOptions {
  /** The port (default: a free one). Always on 127.0.0.1. */
  port?: number;
  /** The Latch callback URLs to register with every provider's client (`<LATCH_PUBLIC_URL>/api/v1/oauth/callback`). */
  redirectUris: string[];
  /** Which providers to stand in for (default: all nine). */
  providers?: OAuthProvider[];
  /** Origins allowed to fetch `GET /custom/token` (the demo's). */
  customTokenOrigins?: string[];
  /**
   * The dev chain's JSON-RPC URL, where the MoonPay stand-in pays completed purchases (anvil's tenth default
   * account). Without it a completed purchase fails, with that reason.
   */
  chainRpcUrl?: string;
  /**
   * Latch's Farcaster relay (`<LATCH_PUBLIC_URL>/api/v1/farcaster/relay`, or a test's in-process call), where the
   * Farcaster stand-in posts approvals, and the relay key Latch asks for (LATCH_FARCASTER_RELAY_KEY).
   */
  farcasterRelay?: string | RelayCall;
  farcasterRelayKey?: string;
  /** How long a Turnstile stand-in token lives (default Turnstile's 300 s; `standin-expire-<ms>` keys are shorter). */
  turnstileTokenTtlMs?: number;
}

/** One stand-in provider as its client sees it, and the hooks attack tests use. */
export interface DevIdpProvider {
  endpoints: OAuthEndpoints;
  clientId: string;
  /** The client secret (Apple: the developer's private key PEM, what Latch stores as Apple's secret). */
  clientSecret: string;
  /** How the client authenticates at the token endpoint, after the real provider ('either': both work). */
  tokenEndpointAuth: 'basic' | 'post' | 'either';
  /** The scopes the real provider knows (a request may ask for these). */
  scopes: string[];
  /** The subject this provider gives an email (stable: same email, same subject). */
  subjectFor(email: string): string;
  /** The next token response's ID token is re-signed with these changes (OIDC providers). */
  tamperNextIdToken(tamper: IdTokenTamper): void;
  /** The next token request fails: an OAuth error answer (default 400 invalid_grant), or 'hang' (never answers). */
  failNextToken(failure?: EndpointFailure): void;
  /** The next user-info / profile request fails the same way. */
  failNextUserinfo(failure?: EndpointFailure): void;
  /** The next JWKS request fails the same way (an ID token then cannot be verified). */
  failNextJwks(failure?: EndpointFailure): void;
  /** Forgets pending hooks. */
  reset(): void;
}

/** Apple's stand-in: also the developer's team id, key id and ES256 private key (the client secret is a JWT). */
export interface DevIdpAppleProvider extends DevIdpProvider {
  teamId: string;
  keyId: string;
  privateKeyPem: string;
}

/** The running stand-ins. */
export interface DevIdp {
  url: string;
  providers: Partial<Record<Exclude<OAuthProvider, 'apple'>, DevIdpProvider>> & { apple?: DevIdpAppleProvider };
  telegram: DevTelegramBot & {
    /** A login result signed as Telegram signs it (auth_date: now unless given, seconds). */
    sign(user: TelegramUser, authDate?: number): ReturnType<typeof signTelegramResult>;
  };
  customIssuer: DevCustomIssuer;
  /** The MoonPay stand-in (`/moonpay`): its widget and API URLs and this start's live and sandbox keys. */
  moonPay: DevMoonPay;
  /** The Farcaster stand-in (`/farcaster`): its API URL, the dev chain's IdRegistry, the test user's and app's fids. */
  farcaster: DevFarcaster & Pick<FarcasterStandIn, 'scan' | 'decideSignIn' | 'decideSigner' | 'pending'>;
  /** The Cloudflare Turnstile stand-in (`/turnstile/v0/…`): widget script and siteverify (keys: TURNSTILE_KEYS). */
  turnstile: DevTurnstile;
  /** The CloudKit web services stand-in (`/cloudkit/…`): iCloud backups (docs/cloud-backup.md). */
  cloudKit: DevCloudKit;
  /** The Google Drive v3 stand-in (`/googleapis/…`, appDataFolder only): Google Drive backups. */
  googleDrive: DevGoogleDrive;
  /**
   * Follows an authorization URL of a stand-in as a browser does (login page submitted with `choice`) and
   * returns the answer to the redirect URI (not called): `code` + `state`, or `error`.
   */
  followLogin(authorizationUrl: string, choice?: LoginChoice): Promise<AuthorizationResponse>;
  close(): Promise<void>;
}

/**
 * Starts the development stand-ins on one HTTP server (127.0.0.1): the nine OAuth providers (oidc-provider,
 * under `/<provider>`), Telegram's login popup (`/auth`) and a custom-token issuer (`/custom`). For `npm start`
 * and tests only: these are not real identity providers.
 */
export async function startDevIdp(options: DevIdpOptions): Promise<DevIdp> {
  const hung = new Set<ServerResponse>();
  const standIns = new Map<string, StandIn>();
  let telegram: DevTelegramBot | undefined;
  let custom: Awaited<ReturnType<typeof createCustomIssuer>> | undefined;
  const corsOrigins = options.customTokenOrigins ?? [];
  let moonPay: MoonPayStandIn | undefined;
  let farcaster: FarcasterStandIn | undefined;
  let turnstile: TurnstileStandIn | undefined;
  let cloudKit: CloudKitStandIn | undefined;
  let googleDrive: GoogleDriveStandIn | undefined;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://dev-idp.invalid');
    const [, first = '', ...rest] = url.pathname.split('/');
    const path = `/${rest.join('/')}`;
    const standIn = standIns.get(first);
    if (standIn) return standIn.handle(req, res, path, url.searchParams);
    if (first === 'auth' && telegram) return handleTelegram(req, res, telegram, url.searchParams);
    if (first === 'custom' && custom) return handleCustom(req, res, custom, path, url.searchParams, corsOrigins);
    // The raw query: the widget's signature is over the query exactly as it was signed.
    if (first === 'moonpay' && moonPay) return moonPay.handle(req, res, path, rawSearch(req.url ?? ''));
    if (first === 'farcaster' && farcaster) return farcaster.handle(req, res, path, url.searchParams);
    if (first === 'turnstile' && turnstile) return turnstile.handle(req, res, path);
    if (first === 'cloudkit' && cloudKit) return cloudKit.handle(req, res, path, url.searchParams);
    if (first === 'googleapis' && googleDrive) return googleDrive.handle(req, res, path, url.searchParams);
    if (url.pathname === '/assets/dev-idp.css') return sendAsset(res, 'text/css', STYLESHEET);
    if (url.pathname === '/assets/telegram-popup.js') return sendAsset(res, 'text/javascript', TELEGRAM_POPUP_SCRIPT);
    if (url.pathname === '/') {
      return sendJson(res, 200, {
        service: 'Latch development identity providers (stand-ins; not real providers)',
        providers: [...standIns.keys()],
        moonpay: moonPay?.config.widgetUrl,
        farcaster: farcaster?.config.pageUrl,
        turnstile: turnstile?.config.scriptUrl,
      });
    }
    return sendJson(res, 404, { error: 'not found' });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // Never a secret here: the stand-in's own failures (a bug, a closed connection).
      console.error(
        `[dev-idp] ${req.method} ${req.url?.split('?')[0]}: ${error instanceof Error ? error.message : error}`,
      );
      if (!res.headersSent) sendJson(res, 500, { error: 'server_error' });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    // Key generation dominates the start: all at once.
    const names = options.providers ?? OAUTH_PROVIDERS;
    // Each client also knows Latch's recovery callback (cloud backups' Google round trip, docs/cloud-backup.md).
    const recovery = options.redirectUris.map((u) =>
      u.replace('/api/v1/oauth/callback', '/api/v1/recovery/oauth/callback'),
    );
    const uris = [...new Set([...options.redirectUris, ...recovery])];
    const created = await Promise.all(names.map((name) => StandIn.create(name, url, uris, hung)));
    for (const standIn of created) standIns.set(standIn.name, standIn);
    telegram = newTelegramBot(url);
    custom = await createCustomIssuer(url);
    moonPay = new MoonPayStandIn(url, createPayer(options.chainRpcUrl));
    farcaster = await FarcasterStandIn.create({
      url,
      chainRpcUrl: options.chainRpcUrl,
      relay: options.farcasterRelay,
      relayKey: options.farcasterRelayKey,
    });
    turnstile = new TurnstileStandIn(url, options.turnstileTokenTtlMs);
    // CloudKit's dashboard "URL Redirect": Latch's recovery callback beside its OAuth callback.
    const latchCallback = (options.redirectUris[0] ?? '').replace(
      '/api/v1/oauth/callback',
      '/api/v1/recovery/oauth/callback',
    );
    cloudKit = new CloudKitStandIn(url, latchCallback);
    const google = standIns.get('google');
    const lookup = async (token: string) => (google ? google.accessTokenGrant(token) : null);
    googleDrive = new GoogleDriveStandIn(url, lookup, (email) => subjectFor('google', email));
  } catch (error) {
    server.close();
    throw error;
  }

  const providers: DevIdp['providers'] = {};
  for (const [name, s] of standIns) {
    const entry: DevIdpProvider = {
      endpoints: s.endpoints,
      clientId: s.clientId,
      clientSecret: s.apple ? s.apple.privateKeyPem : s.clientSecret,
      tokenEndpointAuth: s.def.tokenAuth,
      scopes: s.def.scopes,
      subjectFor: (email) => s.subjectFor(email),
      tamperNextIdToken: (tamper) => s.tamperNextIdToken(tamper),
      failNextToken: (failure) => s.failNextToken(failure),
      failNextUserinfo: (failure) => s.failNextUserinfo(failure),
      failNextJwks: (failure) => s.failNextJwks(failure),
      reset: () => s.reset(),
    };
    if (s.apple) {
      const { teamId, keyId, privateKeyPem } = s.apple;
      providers.apple = { ...entry, teamId, keyId, privateKeyPem };
    } else (providers as Record<string, DevIdpProvider>)[name] = entry;
  }
  const bot = telegram;
  const issuer = custom;
  const moonPayConfig = moonPay.config;
  const fc = farcaster;
  return {
    url,
    providers,
    telegram: {
      ...bot,
      sign: (user, authDate) => signTelegramResult(bot.botToken, user, authDate ?? Math.floor(Date.now() / 1000)),
    },
    customIssuer: {
      issuer: issuer.issuer,
      jwksUrl: issuer.jwksUrl,
      audience: issuer.audience,
      publicKeyPem: issuer.publicKeyPem,
      mint: issuer.mint,
    },
    moonPay: moonPayConfig,
    farcaster: {
      ...farcaster.config,
      scan: (uri) => fc.scan(uri),
      decideSignIn: (id, approve) => fc.decideSignIn(id, approve),
      decideSigner: (token, approve) => fc.decideSigner(token, approve),
      pending: () => fc.pending(),
    },
    turnstile: turnstile.config,
    cloudKit,
    googleDrive,
    followLogin,
    close: async () => {
      for (const res of hung) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A request URL's query as sent, with its leading '?' ('' when none). */
function rawSearch(requestUrl: string): string {
  const at = requestUrl.indexOf('?');
  return at < 0 ? '' : requestUrl.slice(at);
}

/** The stand-in's own static assets (its pages load nothing from elsewhere). */
function sendAsset(res: ServerResponse, type: string, body: string): void {
  res.writeHead(200, {
    'content-type': `${type}; charset=utf-8`,
    'content-length': Buffer.byteLength(body),
    'cache-control': 'public, max-age=300',
    'x-content-type-options': 'nosniff',
  });
  res.end(body);
}
