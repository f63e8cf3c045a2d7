import type { ColumnType } from 'kysely';

/** A timestamp column: Date out, Date or ISO string in. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A jsonb column holding `T`. */
export type Json<T> = ColumnType<T, string, string>;

/**
 * The whole schema as Kysely sees it (`Db`): the kernel's own tables here; identity and each module add
 * theirs beside the code that owns them, by declaration merging, so no service needs a cast:
 * `declare module '../../kernel/store/schema.js' { interface Database extends MyTables {} }`
 */
export interface Database {
  /** Codes, nonces and windowed counters with an expiry (migrations 002, 011; kernel/kv). */
  short_lived: { key: string; value: string; expires_at: string | number | bigint };
  /** Counters that must survive a crash: the logged table of migration 014 (kernel/kv). */
  durable_counters: { key: string; count: string | number | bigint; expires_at: string | number | bigint };
}
