import type { AppStore } from '../identity/apps/appStore.js';
import type { LoginCredentials } from '../identity/credentials/LoginCredentials.js';
import type { SigningKeys } from '../identity/keys/signingKeys.js';
import type { AppSecrets } from '../modules/adminApi/AppSecrets.js';
import type { CustomJwtLogin } from '../modules/customJwt/CustomJwtLogin.js';
import type { MfaFactors } from '../modules/mfa/MfaFactors.js';
import type { MfaSmsCodes } from '../modules/mfa/MfaSmsCodes.js';
import type { OAuthLogin } from '../modules/oauth/OAuthLogin.js';
import type { Passkeys } from '../modules/passkeys/Passkeys.js';
import type { OneTimeCodes } from '../modules/passwordless/OneTimeCodes.js';
import type { PasswordlessCodes } from '../modules/passwordless/PasswordlessCodes.js';
import type { TokenPrices } from '../modules/prices/TokenPrices.js';
import type { SiweLogin } from '../modules/siwe/SiweLogin.js';
import type { TelegramLogin } from '../modules/telegram/TelegramLogin.js';
import type { DeviceKeys } from '../modules/wallets/deviceKeys.js';
import type { WalletCustody } from '../modules/wallets/walletCustody.js';
import type { WalletKeyring } from '../modules/wallets/walletKeyring.js';
import type { WebhookEndpoints } from '../modules/webhooks/WebhookEndpoints.js';
import type { Clock } from './clock.js';
import type { Settings } from './config/config.js';
import type { Sealer } from './crypto/masterKey.js';
import type { Metrics } from './http/metrics.js';
import type { ShortLivedStore } from './kv/ShortLivedStore.js';
import type { Logger } from './logger.js';
import type { Delivery, Outbox } from './ports.js';
import type { Db, DbKind } from './store/db.js';

/** The parts the services are built from (services.ts). */
export type ServerParts = Omit<ServerContext, ServiceName>;

/** The services on the context, built at startup by `buildServices`. */
export type ServiceName =
  | 'passwordless'
  | 'exportCodes'
  | 'siwe'
  | 'walletKeyring'
  | 'custody'
  | 'deviceKeys'
  | 'tokenPrices'
  | 'mfaFactors'
  | 'mfaSmsCodes'
  | 'passkeys'
  | 'loginCredentials'
  | 'telegram'
  | 'customJwt'
  | 'oauth'
  | 'appSecrets'
  | 'webhookEndpoints';

/** Everything a route or service needs; built once by `createLatchServer`. */
export interface ServerContext {
  settings: Settings;
  db: Db;
  dbKind: DbKind;
  clock: Clock;
  logger: Logger;
  apps: AppStore;
  keys: SigningKeys;
  sealer: Sealer;
  /** Codes, nonces and counters: PostgreSQL/PGlite, or Redis with REDIS_URL. */
  shortLived: ShortLivedStore;
  delivery: Delivery;
  outbox: Outbox;
  metrics: Metrics;
  /** The services, built once at startup (services.ts) from the parts above and the master key. */
  passwordless: PasswordlessCodes;
  /** Export step-up codes: their own HMAC key and namespace (wallets/exportStepUp.ts). */
  exportCodes: OneTimeCodes;
  siwe: SiweLogin;
  walletKeyring: WalletKeyring;
  custody: WalletCustody;
  deviceKeys: DeviceKeys;
  /** Native token USD prices for GET /api/v1/token_price (prices/). */
  tokenPrices: TokenPrices;
  /** The users' TOTP and SMS MFA factors (auth/mfa/MfaFactors.ts). */
  mfaFactors: MfaFactors;
  /** SMS MFA codes: their own HMAC key and namespace (auth/mfa/MfaSmsCodes.ts). */
  mfaSmsCodes: MfaSmsCodes;
  /** Passkeys (WebAuthn): login, sign-up, link, unlink, and the MFA factor (`PasskeyMfa`, auth/passkeys/). */
  passkeys: Passkeys;
  /** An app's OAuth provider and Telegram bot credentials, secrets sealed under the master key (auth/credentials/). */
  loginCredentials: LoginCredentials;
  /** Telegram login: the Login Widget's result checked against the app's bot token, once (auth/telegram/). */
  telegram: TelegramLogin;
  /** Custom-token (JWT) login: the host backend's token verified with jose against the app's custom_auth_config (auth/customJwt/). */
  customJwt: CustomJwtLogin;
  /** The per-app secrets of the admin API (adminApi/). */
  appSecrets: AppSecrets;
  /** OAuth 2.0 + PKCE login, link and unlink for the nine providers (auth/oauth/). */
  oauth: OAuthLogin;
  /** The apps' webhook endpoints, secrets sealed under the master key (webhooks/). */
  webhookEndpoints: WebhookEndpoints;
  /** Registers cleanup that `close()` runs (in reverse order), for resources a module opens lazily. */
  onClose(cleanup: () => Promise<void> | void): void;
}
