import type { ModuleSealing } from '../kernel/crypto/sealedColumn.js';
import { credentialAad } from './credentials/LoginCredentials.js';
import { signingKeyAad } from './keys/signingKeys.js';

/** What identity seals under the master key, for `keys rotate`: the apps' signing keys and login credential secrets. */
export const identitySealing: ModuleSealing = {
  columns: [
    {
      report: 'signing_keys',
      table: 'app_signing_keys',
      key: ['kid'],
      binds: ['app_id'],
      values: [{ column: 'private_jwk_encrypted', aad: (row) => signingKeyAad(row('app_id'), row('kid')) }],
    },
    {
      // OAuth client secrets, Apple keys, bot tokens; failures are reported by app and method only.
      report: 'login_credentials',
      table: 'app_login_credentials',
      key: ['app_id', 'method'],
      values: [{ column: 'secret_sealed', aad: (row) => credentialAad(row('app_id'), row('method')) }],
    },
  ],
};
