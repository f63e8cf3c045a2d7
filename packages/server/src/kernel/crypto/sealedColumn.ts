import type { Db } from '../store/db.js';
import type { EnvelopeContext } from './envelope.js';
import type { KeyPurpose, Keyring } from './keyring.js';

/** Reads a text column of the row `keys rotate` re-seals: a key, bound or joined column. */
export type SealedRow = (column: string) => string;

/** One sealed column and how its values are sealed, so `keys rotate` can open and re-seal them. */
export type SealedValue = { column: string } & (
  | {
      /** Sealed under the master key (`Sealer`, `v2.<keyId>.…`) with this associated data. */
      aad(row: SealedRow): string;
    }
  | {
      /** An envelope of this keyring purpose (`v1.<keyId>.…`, kernel/crypto/envelope.ts) with this context. */
      envelope: KeyPurpose;
      context(row: SealedRow): EnvelopeContext;
    }
);

/**
 * A table's column(s) of sealed values, declared by the module that owns the table (`LatchModule.sealed`):
 * `keys rotate` re-seals every value still under an earlier key, in batches, each write conditional on the
 * row's sealed and bound columns being unchanged (a concurrent change wins; a re-run picks up the rest).
 */
export interface SealedColumn {
  /** The count of `keys rotate`'s report this table's rows add to ('signing_keys'). */
  report: string;
  table: string;
  /** The row's key columns: the batches' order, and the id a failure is reported by (joined by ':'). */
  key: readonly string[];
  /** Further columns of the row the associated data binds (the write also checks them unchanged). */
  binds?: readonly string[];
  /** Columns of another table the associated data binds: the row's `on` column is that table's `id`. */
  join?: { table: string; on: string; columns: readonly string[] };
  /** The sealed columns; null values are skipped. */
  values: readonly SealedValue[];
}

/** What a module seals, for `keys rotate`. */
export interface ModuleSealing {
  columns: readonly SealedColumn[];
  /**
   * Values derived from (not sealed under) an earlier master key, which no re-seal can move (password
   * wallets' OPRF keys), counted per key id: that key must stay in LATCH_MASTER_KEY_PREVIOUS.
   */
  pinnedKeys?(db: Db, keyring: Keyring): Promise<Record<string, number>>;
}
