import type { Kysely } from 'kysely';
import type { Sealer } from '../../kernel/crypto/masterKey.js';
import type { Db } from '../../kernel/store/db.js';
import { type WebhookTables, webhookSecretAad } from './webhookTables.js';

/** What `latch-server keys rotate` reports (the part this step fills). */
interface WebhookRotationReport {
  resealed: { webhook_secrets?: number };
  failed: Array<{ table: string; id: string }>;
}

/**
 * Re-seals every webhook signing secret (current and, during a rotation's grace, previous) still under an
 * earlier master key, in batches; each write is conditional on the values being unchanged (a concurrent
 * `apps webhooks rotate-secret` wins). Failures are reported by endpoint id only.
 */
export async function rotateWebhookSecrets(
  db: Db,
  sealer: Sealer,
  batchSize: number,
  report: WebhookRotationReport,
): Promise<void> {
  const wdb = db as unknown as Kysely<WebhookTables>;
  report.resealed.webhook_secrets ??= 0;
  const current = `v2.${sealer.currentKeyId}.%`;
  for (let last = ''; ; ) {
    const rows = await wdb
      .selectFrom('webhook_endpoints')
      .select(['id', 'app_id', 'secret_sealed', 'previous_secret_sealed'])
      .where((eb) =>
        eb.or([
          eb('secret_sealed', 'not like', current),
          eb.and([eb('previous_secret_sealed', 'is not', null), eb('previous_secret_sealed', 'not like', current)]),
        ]),
      )
      .where('id', '>', last)
      .orderBy('id')
      .limit(batchSize)
      .execute();
    for (const row of rows) {
      const reseal = (sealed: string, which: 'current' | 'previous') =>
        sealer.seal(
          sealer.open(sealed, webhookSecretAad(row.app_id, row.id, which)),
          webhookSecretAad(row.app_id, row.id, which),
        );
      let secret: string;
      let previous: string | null;
      try {
        secret = reseal(row.secret_sealed, 'current');
        previous = row.previous_secret_sealed === null ? null : reseal(row.previous_secret_sealed, 'previous');
      } catch {
        report.failed.push({ table: 'webhook_endpoints', id: row.id });
        continue;
      }
      let update = wdb
        .updateTable('webhook_endpoints')
        .set({ secret_sealed: secret, previous_secret_sealed: previous })
        .where('id', '=', row.id)
        .where('secret_sealed', '=', row.secret_sealed);
      update =
        row.previous_secret_sealed === null
          ? update.where('previous_secret_sealed', 'is', null)
          : update.where('previous_secret_sealed', '=', row.previous_secret_sealed);
      const result = await update.executeTakeFirst();
      report.resealed.webhook_secrets += Number(result.numUpdatedRows);
    }
    if (rows.length < batchSize) break;
    last = rows[rows.length - 1]!.id;
  }
}
