import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import type { Database } from '../kernel/store/schema.js';
import { migrateServer } from '../serverMigrations.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PostgreSQL database the harness copies (CREATE DATABASE … TEMPLATE); '' without DATABASE_URL. */
    pgTemplateDb: string;
  }
}

/** The database `name` on the server of `databaseUrl`. */
function urlOf(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * With DATABASE_URL: migrates one PostgreSQL database for the run, so each suite's database is a copy
 * of it instead of running every migration again; drops it at the end.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    project.provide('pgTemplateDb', '');
    return undefined;
  }
  const name = `latch_tpl_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  // No connection may stay open on a template while it is copied: this pool is closed before any test.
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: urlOf(databaseUrl, name), max: 1 }) }),
  });
  try {
    await migrateServer(db);
  } finally {
    await db.destroy();
  }
  project.provide('pgTemplateDb', name);
  return async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
}
