import { type Kysely, type MigrationProvider, Migrator, sql } from 'kysely';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; throws with the failing migration's name when one fails. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  // Pin the bookkeeping tables to the connection's schema: otherwise Kysely would take another
  // schema's `latch_migrations` in the same database (search_path setups, parallel test schemas) for ours.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  // A restart of an up-to-date database (the common case) is one query, not the Migrator's setup, lock and
  // reads (~300 ms of an embedded-database start). Anything else (a new, unknown or missing migration) goes
  // through the Migrator, which also refuses a database migrated by a newer version.
  if (await isUpToDate(db, rows[0]?.schema)) return [];
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: 'latch_migrations',
    migrationLockTableName: 'latch_migrations_lock',
    migrationTableSchema: rows[0]?.schema ?? undefined,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? '(setup)'} failed: ${reason}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** True when the schema's migration table lists exactly this version's migrations (false when it has none). */
async function isUpToDate(db: Kysely<Database>, schema: string | undefined): Promise<boolean> {
  if (schema === undefined) return false;
  const table = await sql<{
    name: string | null;
  }>`select to_regclass(${`${quoteIdent(schema)}.latch_migrations`})::text as name`.execute(db);
  if (!table.rows[0]?.name) return false;
  const applied = await sql<{ name: string }>`select name from ${sql.id(schema, 'latch_migrations')}`.execute(db);
  const known = Object.keys(migrations);
  const names = new Set(applied.rows.map((r) => r.name));
  return names.size === known.length && known.every((name) => names.has(name));
}

const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;
