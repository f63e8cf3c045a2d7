import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreparingClient } from './preparingClient.js';
import { statementName } from './statementNames.js';

describe('statementName', () => {
  it('names each distinct DML text once, by a hash of it, and never DDL or transaction control', () => {
    const text = 'select id from users where id = $1';
    expect(statementName(text)).toMatch(/^latch_[0-9a-f]{40}$/);
    expect(statementName(text)).toBe(statementName(text));
    expect(statementName(`${text} and app_id = $2`)).not.toBe(statementName(text));
    expect(statementName('  WITH x as (select 1) select * from x')).toMatch(/^latch_/);
    for (const other of ['begin', 'commit', 'create table t (a int)', 'alter table t add b int', 'set x = 1'])
      expect(statementName(other)).toBeUndefined();
  });
});

// The client itself needs a PostgreSQL server (PGlite has no statement cache to use): with DATABASE_URL.
const servers = process.env.DATABASE_URL ? [process.env.DATABASE_URL] : [];
describe.each(servers)('PreparingClient on PostgreSQL', (url) => {
  const schema = `prep_${randomBytes(4).toString('hex')}`;
  let client: PreparingClient;
  beforeAll(async () => {
    client = new PreparingClient({ connectionString: url });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.query(`set search_path to ${schema}`);
    await client.query('create table t (a int)');
    await client.query('insert into t values ($1)', [1]);
  });
  afterAll(async () => {
    await client.query(`drop schema ${schema} cascade`);
    await client.end();
  });

  const prepared = async () =>
    (await client.query('select name from pg_prepared_statements')).rows.map((row: { name: string }) => row.name);

  it('prepares a statement on first use and reuses it', async () => {
    const text = 'select * from t where a = $1';
    expect((await client.query(text, [1])).rows).toEqual([{ a: 1 }]);
    expect((await client.query(text, [1])).rows).toEqual([{ a: 1 }]);
    expect(await prepared()).toContain(statementName(text));
  });

  it('runs a statement whose columns changed under it (a migration) unprepared, from then on', async () => {
    const text = 'select * from t where a >= $1';
    await client.query(text, [0]);
    await client.query('alter table t add column b int');
    expect((await client.query(text, [0])).rows).toEqual([{ a: 1, b: null }]);
    expect((await client.query(text, [0])).rows).toEqual([{ a: 1, b: null }]);
    expect(statementName(text)).toBeUndefined();
  });
});
