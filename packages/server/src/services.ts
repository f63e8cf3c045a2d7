import { LoginCredentials } from './identity/credentials/LoginCredentials.js';
import type { ServerContext, ServerParts } from './kernel/context.js';
import { AppSecrets } from './modules/adminApi/AppSecrets.js';
import { CustomJwtLogin } from './modules/customJwt/CustomJwtLogin.js';
import { MfaFactors } from './modules/mfa/MfaFactors.js';
import { buildMfaSmsCodes } from './modules/mfa/MfaSmsCodes.js';
import { OAuthLogin } from './modules/oauth/OAuthLogin.js';
import { Passkeys } from './modules/passkeys/Passkeys.js';
import { deriveCodeKey } from './modules/passwordless/OneTimeCodes.js';
import { createPasswordlessCodes } from './modules/passwordless/PasswordlessCodes.js';
import { buildTokenPrices } from './modules/prices/tokenPricesFor.js';
import { buildSiwe } from './modules/siwe/siweLoginFor.js';
import { TelegramLogin } from './modules/telegram/TelegramLogin.js';
import { buildCustody } from './modules/wallets/custodyFor.js';
import { DeviceKeys } from './modules/wallets/deviceKeys.js';
import { buildExportCodes } from './modules/wallets/exportStepUp.js';
import type { WalletKeyring } from './modules/wallets/walletKeyring.js';
import { WebhookEndpoints } from './modules/webhooks/WebhookEndpoints.js';

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
