import { type Kysely, type MigrationProvider, Migrator, sql } from 'kysely';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; throws with the failing migration's name when one fails. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  // Pin the bookkeeping tables to the connection's schema: otherwise Kysely would take another
  // schema's `latch_migrations` in the same database (search_path setups, parallel test schemas) for ours.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
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
