import type { ModuleSealing } from '../../kernel/crypto/sealedColumn.js';
import { onRampSecretAad } from './OnRampSettings.js';

/** What the on-ramp module seals, for `keys rotate`: each app's provider secret key, per mode. */
export const onRampSealing: ModuleSealing = {
  columns: [
    {
      report: 'on_ramp_secrets',
      table: 'app_on_ramp_credentials',
      key: ['app_id', 'mode'],
      values: [{ column: 'secret_sealed', aad: (row) => onRampSecretAad(row('app_id'), row('mode')) }],
    },
  ],
};
