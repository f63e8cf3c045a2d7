import type { ModuleSealing } from '../../kernel/crypto/sealedColumn.js';

/**
 * What wallet custody seals, for `keys rotate`: auth shares (master-key envelopes) and provider-recovery
 * keys (recovery-key envelopes, bound to the wallet's primary share set, as WalletCustody seals them).
 */
export const walletSealing: ModuleSealing = {
  columns: [
    {
      report: 'auth_shares',
      table: 'wallet_share_sets',
      key: ['id'],
      binds: ['wallet_id'],
      join: { table: 'embedded_wallets', on: 'wallet_id', columns: ['app_id', 'user_id'] },
      values: [
        {
          column: 'auth_share_sealed',
          envelope: 'auth-share-kek',
          context: (row) => [row('app_id'), row('user_id'), row('wallet_id'), row('id')],
        },
      ],
    },
    {
      report: 'recovery_keys',
      table: 'embedded_wallets',
      key: ['id'],
      binds: ['app_id', 'user_id', 'primary_share_set_id'],
      values: [
        {
          column: 'recovery_key_sealed',
          envelope: 'recovery-kek',
          context: (row) => [row('app_id'), row('user_id'), row('id'), row('primary_share_set_id')],
        },
      ],
    },
  ],
  // Password wallets' OPRF keys derive from the master key of their creation: no re-seal moves them.
  async pinnedKeys(db, keyring) {
    const rows = await db
      .selectFrom('embedded_wallets')
      .select(['oprf_key_id', (eb) => eb.fn.countAll<string>().as('wallets')])
      .where('recovery_method', '=', 'user-passcode')
      .where('oprf_key_id', 'is not', null)
      .where('oprf_key_id', '!=', keyring.currentKeyId)
      .groupBy('oprf_key_id')
      .execute();
    return Object.fromEntries(rows.map((row) => [row.oprf_key_id as string, Number(row.wallets)]));
  },
};
