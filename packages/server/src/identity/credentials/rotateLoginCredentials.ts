import type { Kysely } from 'kysely';
import type { Sealer } from '../../kernel/crypto/masterKey.js';
import type { Db } from '../../kernel/store/db.js';
import { credentialAad, type LoginCredentialsTables } from './LoginCredentials.js';

/** What `latch-server keys rotate` reports (the part this step fills). */
interface CredentialRotationReport {
  resealed: { login_credentials?: number };
  failed: Array<{ table: string; id: string }>;
}

/**
 * Re-seals every app login credential secret (OAuth client secrets, Apple keys, bot tokens) still under
 * an earlier master key, in batches; each write is conditional on the value being unchanged (a
 * concurrent `apps oauth set` wins). Failures are reported by app and method only.
 */
export async function rotateLoginCredentials(
  db: Db,
  sealer: Sealer,
  batchSize: number,
  report: CredentialRotationReport,
): Promise<void> {
  const cdb = db as unknown as Kysely<LoginCredentialsTables>;
  report.resealed.login_credentials ??= 0;
  // Keyset pagination on (app_id, method): a row that fails is skipped, never read again by this run.
  for (let last = { app: '', method: '' }; ; ) {
    const rows = await cdb
      .selectFrom('app_login_credentials')
      .select(['app_id', 'method', 'secret_sealed'])
      .where('secret_sealed', 'is not', null)
      .where('secret_sealed', 'not like', `v2.${sealer.currentKeyId}.%`)
      .where((eb) =>
        eb.or([eb('app_id', '>', last.app), eb.and([eb('app_id', '=', last.app), eb('method', '>', last.method)])]),
      )
      .orderBy('app_id')
      .orderBy('method')
      .limit(batchSize)
      .execute();
    for (const row of rows) {
      const sealed = row.secret_sealed as string;
      const aad = credentialAad(row.app_id, row.method);
      let resealed: string;
      try {
        resealed = sealer.seal(sealer.open(sealed, aad), aad);
      } catch {
        report.failed.push({ table: 'app_login_credentials', id: `${row.app_id}:${row.method}` });
        continue;
      }
      const result = await cdb
        .updateTable('app_login_credentials')
        .set({ secret_sealed: resealed })
        .where('app_id', '=', row.app_id)
        .where('method', '=', row.method)
        .where('secret_sealed', '=', sealed)
        .executeTakeFirst();
      report.resealed.login_credentials += Number(result.numUpdatedRows);
    }
    if (rows.length < batchSize) break;
    const tail = rows[rows.length - 1]!;
    last = { app: tail.app_id, method: tail.method };
  }
}
