import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { parseDependencyTimeout } from '../dependencies/dependencyTimeout.js';
import { isLoopbackHostname } from '../http/loopback.js';
import { ConfigError } from './configError.js';
import {
  DEFAULT_NONCE_LIMIT_PER_IP,
  DEFAULT_NONCE_LIMIT_PER_USER,
  DEFAULT_PRICE_LIMIT,
  parseSmsCaps,
  parseWindow,
  type SmsCaps,
  type Window,
} from './configLimits.js';
import { type FarcasterSettings, parseFarcasterSettings } from './farcasterSettings.js';
import { withSecretFiles } from './secretFiles.js';
import { parseTrustedProxies } from './trustedProxies.js';

/** Log levels pino understands. */
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** Every setting of the server, read once from the environment. */
export interface Settings {
  port: number;
  host: string;
  /** Dev mode (`LATCH_DEV=1`): dev outbox, dev endpoints, a generated master key. */
  dev: boolean;
  dataDir: string;
  /** PostgreSQL URL; when absent the embedded PGlite database under `<dataDir>/db` is used. */
  databaseUrl?: string;
  /** Prepare statements, on PostgreSQL and PGlite (`LATCH_PG_PREPARE=0` turns it off, e.g. behind a pooler without prepared-statement support). */
  pgPrepare?: boolean;
  /** Connections to PostgreSQL per process (`LATCH_PG_POOL_SIZE`); default `defaultPoolSize()`. */
  pgPoolSize?: number;
  /** Use an in-memory PGlite database (tests). */
  inMemoryDb?: boolean;
  redisUrl?: string;
  /** Prefix of every Redis key (several deployments or test runs can share one Redis). */
  redisKeyPrefix?: string;
  /** Bound on each wait for PostgreSQL or Redis (`LATCH_DEPENDENCY_TIMEOUT_MS`, dependencyTimeout.ts); default 1000. */
  dependencyTimeoutMs?: number;
  /** Base64 of 32 bytes; resolved (generated in dev mode) by `loadMasterKey`. */
  masterKey?: string;
  /** Earlier master keys, comma-separated base64 (`LATCH_MASTER_KEY_PREVIOUS`): they only open old values. */
  masterKeyPrevious?: string;
  /** The provider-recovery key (`LATCH_RECOVERY_KEY`), base64 of 32 bytes; resolved by `loadRecoveryKeys`. */
  recoveryKey?: string;
  /** Earlier recovery keys, comma-separated base64 (`LATCH_RECOVERY_KEY_PREVIOUS`). */
  recoveryKeyPrevious?: string;
  /** The issuer of access tokens and the base of absolute URLs. */
  publicUrl: string;
  /** The WebAuthn RP ID (`LATCH_RP_ID`); unset: the hostname of `publicUrl` (auth/passkeys/relyingParty.ts). */
  rpId?: string;
  logLevel: LogLevel;
  /** Delivery settings, used by the email and SMS adapters. */
  smtpUrl?: string;
  emailFrom?: string;
  twilioBaseUrl?: string;
  twilioAccountSid?: string;
  twilioAuthToken?: string;
  twilioFrom?: string;
  /** Directory of the built wallet frame bundle (`LATCH_FRAME_DIR`); default: DEFAULT_FRAME_DIR (embeddedWalletPage.ts). */
  frameDir?: string;
  /**
   * Peers believed for X-Forwarded-For (`LATCH_TRUSTED_PROXIES`: IPs and CIDRs); default loopback only.
   * Entries as given, each checked by `trustedProxyList`.
   */
  trustedProxies?: string[];
  /** Caps on SMS sends per app, per country and per number prefix (docs/passwordless.md). */
  smsCaps?: SmsCaps;
  /** `LATCH_RPC_URLS` as given (`chainId=url,…`); parsed, with a warning for bad entries, by `rpcUrlsFromEnv`. */
  rpcUrls?: string;
  /** `LATCH_SIWE_CHAIN_IDS` as given; parsed by `siweChainsFromEnv`. */
  siweChainIds?: string;
  /** `LATCH_SEND_LIMIT_*` as given (`points/seconds`), by variable name; parsed by `sendLimitsFromEnv`. */
  sendLimits?: Record<string, string | undefined>;
  /**
   * A CoinGecko-style price API (`LATCH_PRICE_SOURCE_URL`, e.g. https://api.coingecko.com/api/v3) that
   * GET /api/v1/token_price asks `<url>/simple/price?ids=…&vs_currencies=usd`; unset: no fiat prices.
   */
  priceSourceUrl?: string;
  /** token_price requests per client IP (`LATCH_PRICE_LIMIT_PER_IP`, `points/seconds`); default DEFAULT_PRICE_LIMIT. */
  priceLimit?: Window;
  /** Custody proof nonces per user (`LATCH_NONCE_LIMIT_PER_USER`, `points/seconds`); default DEFAULT_NONCE_LIMIT_PER_USER. */
  nonceLimitPerUser?: Window;
  /** Custody proof nonces per client IP (`LATCH_NONCE_LIMIT_PER_IP`, `points/seconds`); default DEFAULT_NONCE_LIMIT_PER_IP. */
  nonceLimitPerIp?: Window;
  /**
   * Telegram's login host (`LATCH_TELEGRAM_OAUTH_URL`), baked into /js/telegram-login.js; unset:
   * https://oauth.telegram.org (auth/telegram/telegramLoginScript.ts). The dev stand-in sets its own.
   */
  telegramOAuthUrl?: string;
  /** Farcaster: the OP Mainnet node and ID registry, the relay key, the signer API (farcasterSettings.ts). */
  farcaster?: FarcasterSettings;
  /**
   * Cloudflare Turnstile's siteverify (`LATCH_TURNSTILE_SITEVERIFY_URL`); unset:
   * https://challenges.cloudflare.com/turnstile/v0/siteverify (modules/captcha/). The dev stand-in sets its own.
   */
  turnstileSiteverifyUrl?: string;
  /** `LATCH_WEBHOOKS_ALLOW_HTTP_LOOPBACK=1`: http webhook URLs to a loopback host outside dev mode (local tests). */
  webhooksAllowHttpLoopback?: boolean;
  /**
   * Cloud backups (docs/cloud-backup.md): Google Drive's API base (`LATCH_GOOGLE_DRIVE_API_URL`, unset:
   * https://www.googleapis.com) and CloudKit web services (`LATCH_CLOUDKIT_API_URL`, unset:
   * https://api.apple-cloudkit.com; `LATCH_CLOUDKIT_CONTAINER`, `LATCH_CLOUDKIT_ENVIRONMENT`, `LATCH_CLOUDKIT_API_TOKEN`:
   * iCloud backups are off without a container and an API token). The dev stand-ins set their own.
   */
  googleDriveApiUrl?: string;
  cloudKit?: { apiUrl: string; container: string; environment: 'development' | 'production'; apiToken: string };
}

/** `text` as a URL, or undefined when it is not one (the callers say why in their own words). */
function urlOrUndefined(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** An http(s) URL or undefined; the value is never echoed, since a price API key may ride in its query. */
function parseServiceUrl(name: string, raw: string | undefined): string | undefined {
  const text = nonEmpty(raw);
  if (text === undefined) return undefined;
  const url = urlOrUndefined(text);
  if (!url || !['http:', 'https:'].includes(url.protocol)) {
    throw new ConfigError(`${name} must be an absolute http(s) URL.`);
  }
  return text;
}

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export { ConfigError };

const nonEmpty = (value: string | undefined): string | undefined => (value?.trim() ? value.trim() : undefined);

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 8787;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`LATCH_PORT must be a port number (0-65535), got "${raw}".`);
  }
  return port;
}

/**
 * Twice the cores this process may use, at least 4: PostgreSQL's own sizing advice for a database on
 * the same machine, where more connections than that only make backends fight for the same cores (on
 * 2 cores, 4 connections served about 15 % more refreshes than 20, at lower latency).
 */
export function defaultPoolSize(): number {
  return Math.max(4, 2 * availableParallelism());
}

function parsePoolSize(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return defaultPoolSize();
  const size = Number(raw);
  if (!Number.isInteger(size) || size < 1 || size > 1000) {
    throw new ConfigError(`LATCH_PG_POOL_SIZE must be a whole number of connections (1-1000), got "${raw}".`);
  }
  return size;
}

/**
 * `LATCH_RP_ID`: a bare domain (no scheme, port or path), lower-cased; unset: undefined. It need not be
 * the server's host: the ceremony runs in the host page, whose origin must be on it or be listed by the
 * RP ID's /.well-known/webauthn (docs/passkeys.md).
 */
function parseRpId(raw: string | undefined): string | undefined {
  const rpId = nonEmpty(raw)?.toLowerCase();
  if (rpId === undefined) return undefined;
  if (!/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/.test(rpId)) {
    throw new ConfigError(`LATCH_RP_ID must be a domain such as example.com (no scheme, port or path), got "${rpId}".`);
  }
  return rpId;
}

/**
 * A third party's URL (`LATCH_TELEGRAM_OAUTH_URL`, `LATCH_TURNSTILE_SITEVERIFY_URL`): https, or http on a loopback
 * host (the dev stand-in); no query or fragment; trailing slashes dropped. Unset: undefined.
 */
function parseProviderUrl(name: string, raw: string | undefined): string | undefined {
  const text = nonEmpty(raw);
  if (text === undefined) return undefined;
  const url = urlOrUndefined(text);
  const secure = url?.protocol === 'https:' || (url?.protocol === 'http:' && isLoopbackHostname(url.hostname));
  if (!url || !secure || url.search || url.hash || url.username || url.password) {
    throw new ConfigError(`${name} must be an https URL without query (http only on a loopback host), got "${text}".`);
  }
  return url.href.replace(/\/+$/, '');
}

/**
 * The environment a caller gave, else this process's (the one place the server reads `process.env`), with
 * each `<NAME>_FILE` read into `<NAME>` (secretFiles.ts).
 */
export function environmentOf(env: NodeJS.ProcessEnv | undefined): NodeJS.ProcessEnv {
  return withSecretFiles(env ?? process.env);
}

/** Reads the settings from environment variables (see docs/server.md for each one), `*_FILE` secrets included. */
export function loadSettings(given: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Settings {
  const env = withSecretFiles(given);
  const port = parsePort(env.LATCH_PORT);
  const logLevel = (nonEmpty(env.LATCH_LOG_LEVEL) ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LATCH_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}".`);
  }
  const publicUrl = (nonEmpty(env.LATCH_PUBLIC_URL) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(publicUrl);
  } catch {
    throw new ConfigError(`LATCH_PUBLIC_URL must be an absolute URL, got "${publicUrl}".`);
  }
  return {
    port,
    rpId: parseRpId(env.LATCH_RP_ID),
    host: nonEmpty(env.LATCH_HOST) ?? '127.0.0.1',
    dev: env.LATCH_DEV === '1' || env.LATCH_DEV === 'true',
    dataDir: resolve(cwd, nonEmpty(env.LATCH_DATA_DIR) ?? '.latch'),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    pgPrepare: !['0', 'false', 'off'].includes(env.LATCH_PG_PREPARE ?? ''),
    pgPoolSize: parsePoolSize(env.LATCH_PG_POOL_SIZE),
    redisUrl: nonEmpty(env.REDIS_URL),
    redisKeyPrefix: nonEmpty(env.LATCH_REDIS_PREFIX) ?? 'latch:',
    dependencyTimeoutMs: parseDependencyTimeout(env.LATCH_DEPENDENCY_TIMEOUT_MS),
    masterKey: nonEmpty(env.LATCH_MASTER_KEY),
    masterKeyPrevious: nonEmpty(env.LATCH_MASTER_KEY_PREVIOUS),
    recoveryKey: nonEmpty(env.LATCH_RECOVERY_KEY),
    recoveryKeyPrevious: nonEmpty(env.LATCH_RECOVERY_KEY_PREVIOUS),
    publicUrl,
    logLevel,
    smtpUrl: nonEmpty(env.SMTP_URL),
    emailFrom: nonEmpty(env.LATCH_EMAIL_FROM),
    twilioBaseUrl: nonEmpty(env.TWILIO_BASE_URL),
    twilioAccountSid: nonEmpty(env.TWILIO_ACCOUNT_SID),
    twilioAuthToken: nonEmpty(env.TWILIO_AUTH_TOKEN),
    twilioFrom: nonEmpty(env.TWILIO_FROM),
    frameDir: nonEmpty(env.LATCH_FRAME_DIR) && resolve(cwd, nonEmpty(env.LATCH_FRAME_DIR) as string),
    trustedProxies: parseTrustedProxies(env.LATCH_TRUSTED_PROXIES),
    smsCaps: parseSmsCaps(env),
    rpcUrls: nonEmpty(env.LATCH_RPC_URLS),
    siweChainIds: nonEmpty(env.LATCH_SIWE_CHAIN_IDS),
    sendLimits: Object.fromEntries(
      Object.entries(env).filter(([name, value]) => name.startsWith('LATCH_SEND_LIMIT_') && value !== undefined),
    ),
    priceSourceUrl: parseServiceUrl('LATCH_PRICE_SOURCE_URL', env.LATCH_PRICE_SOURCE_URL),
    priceLimit: parseWindow('LATCH_PRICE_LIMIT_PER_IP', env.LATCH_PRICE_LIMIT_PER_IP, DEFAULT_PRICE_LIMIT),
    nonceLimitPerUser: parseWindow(
      'LATCH_NONCE_LIMIT_PER_USER',
      env.LATCH_NONCE_LIMIT_PER_USER,
      DEFAULT_NONCE_LIMIT_PER_USER,
    ),
    nonceLimitPerIp: parseWindow('LATCH_NONCE_LIMIT_PER_IP', env.LATCH_NONCE_LIMIT_PER_IP, DEFAULT_NONCE_LIMIT_PER_IP),
    telegramOAuthUrl: parseProviderUrl('LATCH_TELEGRAM_OAUTH_URL', env.LATCH_TELEGRAM_OAUTH_URL),
    farcaster: parseFarcasterSettings(env),
    turnstileSiteverifyUrl: parseProviderUrl('LATCH_TURNSTILE_SITEVERIFY_URL', env.LATCH_TURNSTILE_SITEVERIFY_URL),
    webhooksAllowHttpLoopback: ['1', 'true'].includes(env.LATCH_WEBHOOKS_ALLOW_HTTP_LOOPBACK ?? ''),
    googleDriveApiUrl: parseProviderUrl('LATCH_GOOGLE_DRIVE_API_URL', env.LATCH_GOOGLE_DRIVE_API_URL),
    cloudKit: parseCloudKit(env),
  };
}

/** CloudKit web services for iCloud backups: all of container and API token, or none. */
function parseCloudKit(env: NodeJS.ProcessEnv): Settings['cloudKit'] {
  const container = nonEmpty(env.LATCH_CLOUDKIT_CONTAINER);
  const apiToken = nonEmpty(env.LATCH_CLOUDKIT_API_TOKEN);
  if (!container && !apiToken) return undefined;
  if (!container || !apiToken) {
    throw new ConfigError('LATCH_CLOUDKIT_CONTAINER and LATCH_CLOUDKIT_API_TOKEN are set together (iCloud backups).');
  }
  const environment = nonEmpty(env.LATCH_CLOUDKIT_ENVIRONMENT) ?? 'production';
  if (environment !== 'development' && environment !== 'production') {
    throw new ConfigError(`LATCH_CLOUDKIT_ENVIRONMENT must be development or production, got "${environment}".`);
  }
  const apiUrl =
    parseProviderUrl('LATCH_CLOUDKIT_API_URL', env.LATCH_CLOUDKIT_API_URL) ?? 'https://api.apple-cloudkit.com';
  return { apiUrl, container, environment, apiToken };
}
