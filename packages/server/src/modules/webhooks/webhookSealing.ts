import type { ModuleSealing } from '../../kernel/crypto/sealedColumn.js';
import { webhookSecretAad } from './webhookSecretAad.js';

/** What the webhooks module seals, for `keys rotate`: each endpoint's signing secret, and the previous one during a rotation's grace. */
export const webhookSealing: ModuleSealing = {
  columns: [
    {
      report: 'webhook_secrets',
      table: 'webhook_endpoints',
      key: ['id'],
      binds: ['app_id'],
      values: [
        { column: 'secret_sealed', aad: (row) => webhookSecretAad(row('app_id'), row('id'), 'current') },
        { column: 'previous_secret_sealed', aad: (row) => webhookSecretAad(row('app_id'), row('id'), 'previous') },
      ],
    },
  ],
};
