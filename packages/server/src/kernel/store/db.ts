import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { defaultPoolSize, type Settings } from '../config/config.js';
import { DEFAULT_DEPENDENCY_TIMEOUT_MS } from '../dependencies/dependencyTimeout.js';
import { closePglite } from './closePglite.js';
import { PreparingPglite } from './preparingPglite.js';
import type { QueryDeadline } from './queryDeadline.js';
import type { Database } from './schema.js';

/** The database handle every service uses. */
export type Db = Kysely<Database>;

/** Which engine a database runs on. */
export type DbKind = 'pglite' | 'postgres';

/** Opens the database the settings name: PostgreSQL with DATABASE_URL, else PGlite (on disk or in memory). */
export function openDb(
  settings: Pick<
    Settings,
    'databaseUrl' | 'dataDir' | 'inMemoryDb' | 'pgPrepare' | 'pgPoolSize' | 'dependencyTimeoutMs'
  >,
  inMemoryPglite: () => PGlite = () => new PGlite(),
): {
  db: Db;
  kind: DbKind;
  queryDeadline: QueryDeadline;
} {
  const queryDeadline: QueryDeadline = { ms: undefined };
  if (settings.databaseUrl) {
    const { databaseUrl, pgPrepare, pgPoolSize } = settings;
    // `pg` loads with the first query (Kysely calls this once): a server on the embedded database never loads it.
    const pool = async () => {
      const [{ default: pg }, { PreparingClient }, { withQueryDeadline }, { rethrowUnavailable }] = await Promise.all([
        import('pg'),
        import('./preparingClient.js'),
        import('./queryDeadline.js'),
        import('../dependencies/dependencyFailure.js'),
      ]);
      // Each distinct statement is prepared once per connection, then only bound and executed.
      const Client = withQueryDeadline(pgPrepare === false ? pg.Client : PreparingClient, queryDeadline);
      const created = new pg.Pool({
        connectionString: databaseUrl,
        max: pgPoolSize ?? defaultPoolSize(),
        Client,
        // A PostgreSQL that does not accept a connection (or no free one within the bound) fails the request fast.
        connectionTimeoutMillis: settings.dependencyTimeoutMs ?? DEFAULT_DEPENDENCY_TIMEOUT_MS,
      });
      // A dropped idle connection must not crash the process; the pool replaces it.
      created.on('error', () => {});
      // Once serving, a connection PostgreSQL refused, reset or did not accept in time is service_unavailable
      // (dependencyFailure.ts); during start the error stays as it is, for the operator to read.
      return {
        connect: () =>
          created.connect().catch((error: unknown) => {
            if (queryDeadline.ms === undefined) throw error;
            return rethrowUnavailable(error);
          }),
        end: () => created.end(),
      };
    };
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres', queryDeadline };
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
  return { db: new Kysely<Database>({ dialect: new PGliteDialect(client) }), kind: 'pglite', queryDeadline };
}

/** True when `error` is PostgreSQL's unique-violation (23505). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
