import type { Kysely } from 'kysely';
import type { Db } from '../../kernel/store/db.js';
import { rewrapEnvelope } from '../wallets/envelope.js';
import type { WalletKeyring } from '../wallets/walletKeyring.js';
import type { MfaTables } from './mfaTables.js';
import { TOTP_PURPOSE, totpContext } from './totpSecret.js';

/** What `latch-server keys rotate` reports (the part this step fills). */
interface TotpRotationReport {
  resealed: { totp_secrets: number };
  failed: Array<{ table: string; id: string }>;
}

/**
 * Re-wraps every TOTP secret still on an earlier master key under the current one (keys rotate), in
 * batches, each write conditional on the value being unchanged (a concurrent enrolment wins).
 */
export async function rotateTotpSecrets(
  db: Db,
  keyring: WalletKeyring,
  batchSize: number,
  report: TotpRotationReport,
): Promise<void> {
  const mdb = db as unknown as Kysely<MfaTables>;
  for (let last = ''; ; ) {
    const rows = await mdb
      .selectFrom('user_mfa')
      .select(['user_id', 'app_id', 'totp_secret_sealed'])
      .where('totp_secret_sealed', 'is not', null)
      .where('totp_secret_sealed', 'not like', `v1.${keyring.currentKeyIdFor(TOTP_PURPOSE)}.%`)
      .where('user_id', '>', last)
      .orderBy('user_id')
      .limit(batchSize)
      .execute();
    for (const row of rows) {
      const sealed = row.totp_secret_sealed as string;
      const owner = { appId: row.app_id, userId: row.user_id };
      let rewrapped: string;
      try {
        rewrapped = rewrapEnvelope(keyring, TOTP_PURPOSE, totpContext(owner, 'enrolled'), sealed);
      } catch {
        report.failed.push({ table: 'user_mfa', id: row.user_id });
        continue;
      }
      const result = await mdb
        .updateTable('user_mfa')
        .set({ totp_secret_sealed: rewrapped })
        .where('user_id', '=', row.user_id)
        .where('totp_secret_sealed', '=', sealed)
        .executeTakeFirst();
      report.resealed.totp_secrets += Number(result.numUpdatedRows);
    }
    if (rows.length < batchSize) break;
    last = rows[rows.length - 1]?.user_id ?? last;
  }
}
