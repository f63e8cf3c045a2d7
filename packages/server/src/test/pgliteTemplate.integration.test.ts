import { Kysely, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { beforeAll, describe, expect, it } from 'vitest';
import { moduleMigrations } from '../kernel/module.js';
import type { Database } from '../kernel/store/schema.js';
import { buildModules, migrateServer } from '../serverMigrations.js';
import { freshPglite, migratedPglite } from './pgliteTemplate.js';

// The suites' databases are copies of one dump: each must be as a fresh database would be, and its own.
describe('PGlite templates', () => {
  // The first use makes the dumps (initdb once, then every migration): slow on a loaded machine.
  beforeAll(async () => {
    await (await migratedPglite()).close();
  }, 180_000);

  it('gives a migrated copy with every migration applied, and an empty copy with none', async () => {
    const migrated = new Kysely<Database>({ dialect: new PGliteDialect(await migratedPglite()) });
    const empty = new Kysely<Database>({ dialect: new PGliteDialect(await freshPglite()) });
    try {
      expect(await migrateServer(migrated)).toEqual([]);
      expect(await migrateServer(empty)).toEqual(Object.keys(moduleMigrations(buildModules)).sort());
    } finally {
      await migrated.destroy();
      await empty.destroy();
    }
  });

  it('keeps copies apart: a write in one is not seen by another', async () => {
    const a = new Kysely<Database>({ dialect: new PGliteDialect(await freshPglite()) });
    const b = new Kysely<Database>({ dialect: new PGliteDialect(await freshPglite()) });
    try {
      await sql`create table t (n int)`.execute(a);
      await sql`insert into t values (1)`.execute(a);
      const seen = await sql<{ n: number }>`select n from t`.execute(a);
      expect(seen.rows).toEqual([{ n: 1 }]);
      await expect(sql`select n from t`.execute(b)).rejects.toThrow(/relation "t" does not exist/);
    } finally {
      await a.destroy();
      await b.destroy();
    }
  });
});
