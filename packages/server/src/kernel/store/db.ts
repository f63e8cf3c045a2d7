import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { defaultPoolSize, type Settings } from '../config/config.js';
import { closePglite } from './closePglite.js';
import { PreparingPglite } from './preparingPglite.js';
import type { Database } from './schema.js';

/** The database handle every service uses. */
export type Db = Kysely<Database>;

/** Which engine a database runs on. */
export type DbKind = 'pglite' | 'postgres';

/** Opens the database the settings name: PostgreSQL with DATABASE_URL, else PGlite (on disk or in memory). */
export function openDb(
  settings: Pick<Settings, 'databaseUrl' | 'dataDir' | 'inMemoryDb' | 'pgPrepare' | 'pgPoolSize'>,
  inMemoryPglite: () => PGlite = () => new PGlite(),
): {
  db: Db;
  kind: DbKind;
} {
  if (settings.databaseUrl) {
    const { databaseUrl, pgPrepare, pgPoolSize } = settings;
    // `pg` loads with the first query (Kysely calls this once): a server on the embedded database never loads it.
    const pool = async () => {
      const [{ default: pg }, { PreparingClient }] = await Promise.all([import('pg'), import('./preparingClient.js')]);
      // Each distinct statement is prepared once per connection, then only bound and executed.
      const Client = pgPrepare === false ? pg.Client : PreparingClient;
      const created = new pg.Pool({ connectionString: databaseUrl, max: pgPoolSize ?? defaultPoolSize(), Client });
      // A dropped idle connection must not crash the process; the pool replaces it.
      created.on('error', () => {});
      return created;
    };
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres' };
  }
  let pglite: PGlite;
  if (settings.inMemoryDb) {
    pglite = inMemoryPglite();
  } else {
    const dir = join(settings.dataDir, 'db');
    mkdirSync(dir, { recursive: true });
    pglite = new PGlite(dir);
  }
  // The dialect only calls query() and close(), which PreparingPglite provides over the instance; either way
  // close keeps the process's exit code (closePglite).
  const client =
    settings.pgPrepare === false
      ? ({ query: pglite.query.bind(pglite), close: () => closePglite(pglite) } as unknown as PGlite)
      : (new PreparingPglite(pglite) as unknown as PGlite);
  return { db: new Kysely<Database>({ dialect: new PGliteDialect(client) }), kind: 'pglite' };
}

/** True when `error` is PostgreSQL's unique-violation (23505). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
