import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Database } from './schema.js';

/** A migration a database holds but this server does not run (one of an unlisted module): never run again. */
const alreadyApplied: Migration = {
  up: async () => {
    throw new Error('a migration of a module this server does not list cannot run');
  },
};

/**
 * Brings the schema up to date with `migrations` (the kernel's and the listed modules', `moduleMigrations`);
 * throws with the failing migration's name when one fails. `tolerated` names migrations this build has but
 * this server does not run (those of modules it does not list): a database may hold them; any other
 * unknown migration means a newer version migrated the database, which is refused.
 */
export async function migrateToLatest(
  db: Kysely<Database>,
  migrations: Readonly<Record<string, Migration>>,
  tolerated: readonly string[] = [],
): Promise<string[]> {
  // Pin the bookkeeping tables to the connection's schema: otherwise Kysely would take another
  // schema's `latch_migrations` in the same database (search_path setups, parallel test schemas) for ours.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  // A restart of an up-to-date database (the common case) is one query, not the Migrator's setup, lock and
  // reads (~300 ms of an embedded-database start). Anything else (a new, unknown or missing migration) goes
  // through the Migrator, which also refuses a database migrated by a newer version.
  const applied = await appliedMigrations(db, schema);
  const known = Object.keys(migrations);
  const allowed = new Set([...known, ...tolerated]);
  if (applied && known.every((name) => applied.has(name)) && [...applied].every((name) => allowed.has(name))) return [];
  // Migrations of unlisted modules the database already ran stay recorded; the Migrator must see them to
  // accept the database. Modules listed later run theirs then, whatever their names' order
  // (allowUnorderedMigrations): names are ordered within a module, not across modules added over time.
  const held = Object.fromEntries(
    [...(applied ?? [])]
      .filter((name) => !(name in migrations) && tolerated.includes(name))
      .map((n) => [n, alreadyApplied]),
  );
  const provider: MigrationProvider = { getMigrations: async () => ({ ...migrations, ...held }) };
  const migrator = new Migrator({
    db,
    provider,
    allowUnorderedMigrations: true,
    migrationTableName: 'latch_migrations',
    migrationLockTableName: 'latch_migrations_lock',
    migrationTableSchema: schema ?? undefined,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? '(setup)'} failed: ${reason}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** The names of the migrations the schema's migration table lists; undefined when it has none. */
async function appliedMigrations(db: Kysely<Database>, schema: string | undefined): Promise<Set<string> | undefined> {
  if (schema === undefined) return undefined;
  const table = await sql<{
    name: string | null;
  }>`select to_regclass(${`${quoteIdent(schema)}.latch_migrations`})::text as name`.execute(db);
  if (!table.rows[0]?.name) return undefined;
  const applied = await sql<{ name: string }>`select name from ${sql.id(schema, 'latch_migrations')}`.execute(db);
  return new Set(applied.rows.map((r) => r.name));
}

const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;
