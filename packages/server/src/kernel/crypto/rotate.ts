import { sql } from 'kysely';
import type { Db } from '../store/db.js';
import { rewrapEnvelope } from './envelope.js';
import { type Keyring, RECOVERY_PURPOSE } from './keyring.js';
import type { Sealer } from './masterKey.js';
import type { ModuleSealing, SealedColumn, SealedRow, SealedValue } from './sealedColumn.js';

/** What one run of `latch-server keys rotate` did. */
export interface RotationReport {
  master_key_id: string;
  recovery_key_id: string;
  /**
   * Values moved to the current keys by this run, per count the modules' sealed columns name (signing_keys,
   * auth_shares, recovery_keys, totp_secrets, login_credentials, webhook_secrets with the default modules).
   */
  resealed: Record<string, number>;
  /** Values that could not be opened (their key is in no *_PREVIOUS variable): ids only. */
  failed: Array<{ table: string; id: string }>;
  /**
   * Password wallets whose OPRF key comes from an earlier master key, per key id: that key must stay
   * in LATCH_MASTER_KEY_PREVIOUS until these users set a new recovery password (`ModuleSealing.pinnedKeys`).
   */
  password_wallets_on_previous_keys: Record<string, number>;
}

/** Rows per batch: each batch is read, re-sealed and written before the next is read. */
export const DEFAULT_ROTATION_BATCH = 100;

/** The keys `keys rotate` opens old values with and seals new ones under. */
export interface RotationKeys {
  db: Db;
  sealer: Sealer;
  keyring: Keyring;
}

/**
 * Re-seals every value of the modules' sealed columns under the current keys, online and in batches:
 * values sealed under the master key (Sealer) and envelopes (the keyring's purposes, the recovery key's
 * included). Each write is conditional on the row being unchanged, so a concurrent change wins and a re-run
 * picks up what is left; a run with nothing left changes nothing.
 */
export async function rotateKeys(
  keys: RotationKeys,
  sealing: readonly ModuleSealing[],
  batchSize = DEFAULT_ROTATION_BATCH,
): Promise<RotationReport> {
  const columns = sealing.flatMap((module) => module.columns);
  const report: RotationReport = {
    master_key_id: keys.sealer.currentKeyId,
    recovery_key_id: keys.keyring.currentKeyIdFor(RECOVERY_PURPOSE),
    resealed: Object.fromEntries(columns.map((column) => [column.report, 0])),
    failed: [],
    password_wallets_on_previous_keys: {},
  };
  for (const column of columns) await resealColumn(keys, column, batchSize, report);
  for (const module of sealing)
    for (const [keyId, count] of Object.entries((await module.pinnedKeys?.(keys.db, keys.keyring)) ?? {}))
      report.password_wallets_on_previous_keys[keyId] = (report.password_wallets_on_previous_keys[keyId] ?? 0) + count;
  return report;
}

/** The LIKE pattern of a value already under the current key: Sealer output `v2.<id>.…`, envelopes `v1.<id>.…`. */
function currentPattern({ sealer, keyring }: RotationKeys, value: SealedValue): string {
  return 'envelope' in value ? `v1.${keyring.currentKeyIdFor(value.envelope)}.%` : `v2.${sealer.currentKeyId}.%`;
}

/** The value opened with its old key and sealed under the current one. */
function reseal({ sealer, keyring }: RotationKeys, value: SealedValue, row: SealedRow, sealed: string): string {
  if ('envelope' in value) return rewrapEnvelope(keyring, value.envelope, value.context(row), sealed);
  const aad = value.aad(row);
  return sealer.seal(sealer.open(sealed, aad), aad);
}

/** Re-seals one table's stale values, batch by batch in key order (keyset: a failed row is not read again). */
async function resealColumn(
  keys: RotationKeys,
  column: SealedColumn,
  batchSize: number,
  report: RotationReport,
): Promise<void> {
  const own = [...column.key, ...(column.binds ?? []), ...column.values.map((v) => v.column)];
  const select = sql.join([
    ...own.map((c) => sql.ref(`t.${c}`)),
    ...(column.join?.columns ?? []).map((c) => sql.ref(`j.${c}`)),
  ]);
  const from = column.join
    ? sql`${sql.table(column.table)} as t join ${sql.table(column.join.table)} as j on j.id = ${sql.ref(`t.${column.join.on}`)}`
    : sql`${sql.table(column.table)} as t`;
  // `not like` is null for a null value: rows with nothing sealed are not read.
  const stale = sql.join(
    column.values.map((v) => sql`${sql.ref(`t.${v.column}`)} not like ${currentPattern(keys, v)}`),
    sql` or `,
  );
  const keyRefs = sql.join(column.key.map((k) => sql.ref(`t.${k}`)));
  for (let last: Array<string | null> | undefined; ; ) {
    const after = last ? sql`and (${keyRefs}) > (${sql.join(last)})` : sql``;
    const { rows } = await sql<Record<string, string | null>>`select ${select} from ${from} where (${stale}) ${after}
      order by ${keyRefs} limit ${batchSize}`.execute(keys.db);
    for (const row of rows) {
      const read: SealedRow = (c) => {
        const text = row[c];
        if (typeof text !== 'string') throw new Error(`keys rotate read no text column ${c} of ${column.table}`);
        return text;
      };
      const updates: Array<[string, string]> = [];
      try {
        for (const value of column.values) {
          const sealed = row[value.column];
          if (sealed != null) updates.push([value.column, reseal(keys, value, read, sealed)]);
        }
      } catch {
        report.failed.push({ table: column.table, id: column.key.map((k) => row[k]).join(':') });
        continue;
      }
      const guards = own.map((c) => (row[c] == null ? sql`${sql.ref(c)} is null` : sql`${sql.ref(c)} = ${row[c]}`));
      const result = await sql`update ${sql.table(column.table)}
        set ${sql.join(updates.map(([c, v]) => sql`${sql.ref(c)} = ${v}`))}
        where ${sql.join(guards, sql` and `)}`.execute(keys.db);
      report.resealed[column.report] = (report.resealed[column.report] ?? 0) + Number(result.numAffectedRows ?? 0);
    }
    if (rows.length < batchSize) break;
    const tail = rows[rows.length - 1]!;
    last = column.key.map((k) => tail[k] ?? null);
  }
}
