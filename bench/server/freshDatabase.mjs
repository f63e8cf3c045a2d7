// Fresh, throw-away databases for one bench run: a new PostgreSQL database per server under test
// (dropped after), or a new PGlite data directory (removed after).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** The PostgreSQL server the bench uses: BENCH_POSTGRES_URL, else DATABASE_URL, else the local default. */
export const POSTGRES_URL =
  process.env.BENCH_POSTGRES_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Runs one statement on the admin connection (`url`'s own database). */
async function admin(url, sql) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** True when the PostgreSQL server at `url` answers (within 3 s). */
export async function postgresAnswers(url = POSTGRES_URL) {
  try {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** Creates `<prefix>_<random>` on the server at `url`; returns its URL and `drop()`. */
export async function createPostgresDatabase(prefix, url = POSTGRES_URL) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await admin(url, `create database ${name}`);
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  return {
    url: databaseUrl.toString(),
    /** Drops the database, closing whatever connections are left; tries twice (a loaded server can be slow). */
    drop: () =>
      admin(url, `drop database if exists ${name} with (force)`).catch(() =>
        admin(url, `drop database if exists ${name} with (force)`),
      ),
  };
}

/** Creates an empty temporary directory for a PGlite database; returns it and `drop()`. */
export function createPgliteDirectory(prefix) {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  return { dir, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}
