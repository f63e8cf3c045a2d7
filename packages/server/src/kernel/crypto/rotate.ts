import type { Kysely } from 'kysely';
import { rotateLoginCredentials } from '../../identity/credentials/rotateLoginCredentials.js';
import { signingKeyAad } from '../../identity/keys/signingKeys.js';
import { rotateTotpSecrets } from '../../modules/mfa/rotateTotpSecrets.js';
import { rewrapEnvelope, type ShareContext } from '../../modules/wallets/envelope.js';
import type { WalletKeyring } from '../../modules/wallets/walletKeyring.js';
import type { WalletTables } from '../../modules/wallets/walletTables.js';
import { rotateWebhookSecrets } from '../../modules/webhooks/rotateWebhookSecrets.js';
import type { Db } from '../store/db.js';
import type { Sealer } from './masterKey.js';

/** What one run of `latch-server keys rotate` did. */
export interface RotationReport {
  master_key_id: string;
  recovery_key_id: string;
  /** Values moved to the current keys by this run. */
  resealed: {
    signing_keys: number;
    auth_shares: number;
    recovery_keys: number;
    totp_secrets: number;
    login_credentials: number;
    webhook_secrets: number;
  };
  /** Values that could not be opened (their key is in no *_PREVIOUS variable): ids only. */
  failed: Array<{ table: string; id: string }>;
  /**
   * Password wallets whose OPRF key comes from an earlier master key, per key id: that key must stay
   * in LATCH_MASTER_KEY_PREVIOUS until these users set a new recovery password.
   */
  password_wallets_on_previous_keys: Record<string, number>;
}

/** Rows per batch: each batch is read, re-sealed and written before the next is read. */
export const DEFAULT_ROTATION_BATCH = 100;

type RotationDb = Kysely<WalletTables> & Db;

/**
 * Re-seals every value under the current keys, online and in batches: signing keys (master key),
 * auth shares (master key), TOTP secrets (master key), app login credential secrets and webhook secrets (master key) and provider-recovery keys (recovery key, including those sealed under a
 * master key before LATCH_RECOVERY_KEY existed). Each write is conditional on the value being
 * unchanged, so a concurrent change wins and a re-run picks up what is left; a run with nothing left
 * changes nothing.
 */
export async function rotateKeys(
  db: Db,
  sealer: Sealer,
  keyring: WalletKeyring,
  batchSize = DEFAULT_ROTATION_BATCH,
): Promise<RotationReport> {
  const rdb = db as unknown as RotationDb;
  const recoveryKeyId = keyring.currentKeyIdFor('recovery-kek');
  const report: RotationReport = {
    master_key_id: sealer.currentKeyId,
    recovery_key_id: recoveryKeyId,
    resealed: {
      signing_keys: 0,
      auth_shares: 0,
      recovery_keys: 0,
      totp_secrets: 0,
      login_credentials: 0,
      webhook_secrets: 0,
    },
    failed: [],
    password_wallets_on_previous_keys: {},
  };

  // Keyset pagination (id > last): a row that fails is skipped, never read again by this run.
  for (let last = ''; ; ) {
    const rows = await rdb
      .selectFrom('app_signing_keys')
      .select(['kid', 'app_id', 'private_jwk_encrypted'])
      .where('private_jwk_encrypted', 'not like', `v2.${sealer.currentKeyId}.%`)
      .where('kid', '>', last)
      .orderBy('kid')
      .limit(batchSize)
      .execute();
    for (const row of rows) {
      const aad = signingKeyAad(row.app_id, row.kid);
      let resealed: string;
      try {
        resealed = sealer.seal(sealer.open(row.private_jwk_encrypted, aad), aad);
      } catch {
        report.failed.push({ table: 'app_signing_keys', id: row.kid });
        continue;
      }
      const result = await rdb
        .updateTable('app_signing_keys')
        .set({ private_jwk_encrypted: resealed })
        .where('kid', '=', row.kid)
        .where('private_jwk_encrypted', '=', row.private_jwk_encrypted)
        .executeTakeFirst();
      report.resealed.signing_keys += Number(result.numUpdatedRows);
    }
    if (rows.length < batchSize) break;
    last = rows[rows.length - 1]!.kid;
  }

  for (let last = ''; ; ) {
    const rows = await rdb
      .selectFrom('wallet_share_sets as s')
      .innerJoin('embedded_wallets as w', 'w.id', 's.wallet_id')
      .select(['s.id', 's.wallet_id', 's.auth_share_sealed', 'w.app_id', 'w.user_id'])
      .where('s.auth_share_sealed', 'not like', `v1.${keyring.currentKeyIdFor('auth-share-kek')}.%`)
      .where('s.id', '>', last)
      .orderBy('s.id')
      .limit(batchSize)
      .execute();
    for (const row of rows) {
      const context: ShareContext = {
        appId: row.app_id,
        userId: row.user_id,
        walletId: row.wallet_id,
        shareSetId: row.id,
      };
      let rewrapped: string;
      try {
        rewrapped = rewrapEnvelope(keyring, 'auth-share-kek', context, row.auth_share_sealed);
      } catch {
        report.failed.push({ table: 'wallet_share_sets', id: row.id });
        continue;
      }
      const result = await rdb
        .updateTable('wallet_share_sets')
        .set({ auth_share_sealed: rewrapped })
        .where('id', '=', row.id)
        .where('auth_share_sealed', '=', row.auth_share_sealed)
        .executeTakeFirst();
      report.resealed.auth_shares += Number(result.numUpdatedRows);
    }
    if (rows.length < batchSize) break;
    last = rows[rows.length - 1]!.id;
  }

  for (let last = ''; ; ) {
    const rows = await rdb
      .selectFrom('embedded_wallets')
      .select(['id', 'app_id', 'user_id', 'primary_share_set_id', 'recovery_key_sealed'])
      .where('recovery_key_sealed', 'is not', null)
      .where('recovery_key_sealed', 'not like', `v1.${recoveryKeyId}.%`)
      .where('id', '>', last)
      .orderBy('id')
      .limit(batchSize)
      .execute();
    for (const row of rows) {
      const sealed = row.recovery_key_sealed as string;
      // The recovery key's envelope is bound to the wallet's primary share set (WalletCustody).
      const context: ShareContext = {
        appId: row.app_id,
        userId: row.user_id,
        walletId: row.id,
        shareSetId: row.primary_share_set_id,
      };
      let rewrapped: string;
      try {
        rewrapped = rewrapEnvelope(keyring, 'recovery-kek', context, sealed);
      } catch {
        report.failed.push({ table: 'embedded_wallets', id: row.id });
        continue;
      }
      const result = await rdb
        .updateTable('embedded_wallets')
        .set({ recovery_key_sealed: rewrapped })
        .where('id', '=', row.id)
        .where('recovery_key_sealed', '=', sealed)
        .where('primary_share_set_id', '=', row.primary_share_set_id)
        .executeTakeFirst();
      report.resealed.recovery_keys += Number(result.numUpdatedRows);
    }
    if (rows.length < batchSize) break;
    last = rows[rows.length - 1]!.id;
  }

  await rotateTotpSecrets(db, keyring, batchSize, report);
  await rotateLoginCredentials(db, sealer, batchSize, report);
  await rotateWebhookSecrets(db, sealer, batchSize, report);

  const oprf = await rdb
    .selectFrom('embedded_wallets')
    .select(['oprf_key_id', (eb) => eb.fn.countAll<string>().as('wallets')])
    .where('recovery_method', '=', 'user-passcode')
    .where('oprf_key_id', 'is not', null)
    .where('oprf_key_id', '!=', keyring.currentKeyId)
    .groupBy('oprf_key_id')
    .execute();
  for (const row of oprf) report.password_wallets_on_previous_keys[row.oprf_key_id as string] = Number(row.wallets);
  return report;
}
