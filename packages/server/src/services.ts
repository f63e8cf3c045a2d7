import { AppSecrets } from './adminApi/AppSecrets.js';
import { LoginCredentials } from './auth/credentials/LoginCredentials.js';
import { CustomJwtLogin } from './auth/customJwt/CustomJwtLogin.js';
import { MfaFactors } from './auth/mfa/MfaFactors.js';
import { buildMfaSmsCodes } from './auth/mfa/MfaSmsCodes.js';
import { OAuthLogin } from './auth/oauth/OAuthLogin.js';
import { Passkeys } from './auth/passkeys/Passkeys.js';
import { deriveCodeKey } from './auth/passwordless/OneTimeCodes.js';
import { createPasswordlessCodes } from './auth/passwordless/PasswordlessCodes.js';
import { TelegramLogin } from './auth/telegram/TelegramLogin.js';
import type { ServerContext, ServerParts } from './context.js';
import { buildTokenPrices } from './prices/tokenPricesFor.js';
import { buildSiwe } from './siwe/siweLoginFor.js';
import { buildCustody } from './wallets/custodyFor.js';
import { DeviceKeys } from './wallets/deviceKeys.js';
import { buildExportCodes } from './wallets/exportStepUp.js';
import type { WalletKeyring } from './wallets/walletKeyring.js';
import { WebhookEndpoints } from './webhooks/WebhookEndpoints.js';

/**
 * Builds every service onto the server's parts, once at startup: the master key and the wallet keyring
 * are loaded by the caller (before the database opens), so a bad key stops the start, not a request.
 */
export function buildServices(parts: ServerParts, masterKey: Buffer, walletKeyring: WalletKeyring): ServerContext {
  const loginCredentials = new LoginCredentials(parts.db, parts.sealer, parts.clock);
  return {
    ...parts,
    passwordless: createPasswordlessCodes(parts, deriveCodeKey(masterKey)),
    exportCodes: buildExportCodes(parts, masterKey),
    siwe: buildSiwe(parts),
    walletKeyring,
    custody: buildCustody(parts, walletKeyring),
    deviceKeys: new DeviceKeys(parts.db as unknown as ConstructorParameters<typeof DeviceKeys>[0], parts.clock),
    tokenPrices: buildTokenPrices(parts),
    mfaFactors: new MfaFactors(parts.db, parts.clock),
    mfaSmsCodes: buildMfaSmsCodes(parts, masterKey),
    passkeys: new Passkeys(parts),
    loginCredentials,
    telegram: new TelegramLogin({ ...parts, loginCredentials }),
    customJwt: new CustomJwtLogin(parts),
    oauth: new OAuthLogin({ ...parts, loginCredentials }),
    appSecrets: new AppSecrets(parts),
    webhookEndpoints: new WebhookEndpoints(parts.db, parts.sealer, parts.clock),
  };
}
