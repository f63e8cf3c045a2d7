import type { ModuleSealing } from '../../kernel/crypto/sealedColumn.js';
import { TOTP_PURPOSE, totpContext } from './totpSecret.js';

/** What the MFA module seals, for `keys rotate`: enrolled TOTP secrets, envelopes under a master-key purpose. */
export const mfaSealing: ModuleSealing = {
  columns: [
    {
      report: 'totp_secrets',
      table: 'user_mfa',
      key: ['user_id'],
      binds: ['app_id'],
      values: [
        {
          column: 'totp_secret_sealed',
          envelope: TOTP_PURPOSE,
          context: (row) => totpContext({ appId: row('app_id'), userId: row('user_id') }, 'enrolled'),
        },
      ],
    },
  ],
};
