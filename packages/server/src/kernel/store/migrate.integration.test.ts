import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildModules, migrateServer } from '../../serverMigrations.js';
import { freshPglite } from '../../test/pgliteTemplate.js';
import { moduleMigrations } from '../module.js';
import type { Database } from './schema.js';

/** Opens a database whose connections use `schema` (search_path), and a way to drop everything after. */
type SchemaDbFactory = {
  name: string;
  open(schemas: string[]): Promise<{ dbFor(schema: string): Promise<Kysely<Database>>; dispose(): Promise<void> }>;
};

const pglite: SchemaDbFactory = {
  name: 'pglite',
  async open(schemas) {
    const client = await freshPglite();
    for (const schema of schemas) await client.exec(`create schema ${schema}`);
    // PGlite has one connection: each Kysely instance switches the search_path before use.
    const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
    return {
      dbFor: async (schema) => {
        await sql`set search_path to ${sql.id(schema)}`.execute(db);
        return db;
      },
      dispose: () => db.destroy(),
    };
  },
};

const postgres = (url: string): SchemaDbFactory => ({
  name: 'postgres',
  async open(schemas) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    for (const schema of schemas) await admin.query(`create schema ${schema}`);
    const dbs: Kysely<Database>[] = [];
    return {
      dbFor: async (schema) => {
        const pool = new pg.Pool({ connectionString: url, max: 2, options: `-c search_path=${schema}` });
        const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
        dbs.push(db);
        return db;
      },
      async dispose() {
        for (const db of dbs) await db.destroy();
        for (const schema of schemas) await admin.query(`drop schema if exists ${schema} cascade`);
        await admin.end();
      },
    };
  },
});

const factories = [pglite, ...(process.env.DATABASE_URL ? [postgres(process.env.DATABASE_URL)] : [])];

for (const factory of factories) {
  describe(`migrations [${factory.name}]`, () => {
    // Two deployments in one database, each in its own schema, must not see each other's bookkeeping.
    it('migrates two schemas of one database independently, and only once', async () => {
      const schemas = [0, 1].map(() => `latch_mig_${randomBytes(5).toString('hex')}`);
      const handle = await factory.open(schemas);
      try {
        for (const schema of schemas) {
          const db = await handle.dbFor(schema);
          expect(await migrateServer(db)).toEqual(Object.keys(moduleMigrations(buildModules)));
          expect(await migrateServer(db)).toEqual([]);
          const { rows } = await sql<{
            schema: string;
          }>`select table_schema as schema from information_schema.tables where table_name = 'apps'`.execute(db);
          expect(rows.map((r) => r.schema)).toContain(schema);
        }
      } finally {
        await handle.dispose();
      }
    });

    // A restart on an up-to-date database reads the migration table and writes nothing (a start-time cost).
    it('finds an up-to-date database by one read, and refuses one migrated by a newer version', async () => {
      const schema = `latch_mig_${randomBytes(5).toString('hex')}`;
      const handle = await factory.open([schema]);
      try {
        const db = await handle.dbFor(schema);
        await migrateServer(db);
        // The Migrator would make its lock table again; the read-only path leaves it gone.
        await sql`drop table ${sql.id(schema, 'latch_migrations_lock')}`.execute(db);
        expect(await migrateServer(db)).toEqual([]);
        const lock = await sql<{
          name: string | null;
        }>`select to_regclass(${`${schema}.latch_migrations_lock`})::text as name`.execute(db);
        expect(lock.rows[0]?.name).toBeNull();
        // A migration this version does not know: the Migrator's own check refuses the database.
        await sql`insert into ${sql.id(schema, 'latch_migrations')} (name, timestamp) values ('999_from_a_newer_version', ${new Date().toISOString()})`.execute(
          db,
        );
        await expect(migrateServer(db)).rejects.toThrow(/999_from_a_newer_version/);
      } finally {
        await handle.dispose();
      }
    });
  });
}
