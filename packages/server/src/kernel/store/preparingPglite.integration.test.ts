import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPglite } from '../../test/pgliteTemplate.js';
import { PreparingPglite } from './preparingPglite.js';
import { statementName } from './statementNames.js';

describe('PreparingPglite', () => {
  let pglite: PGlite;
  let client: PreparingPglite;
  beforeAll(async () => {
    pglite = await freshPglite();
    client = new PreparingPglite(pglite);
    await pglite.exec(`create table t (
      id text primary key, n bigint, at timestamptz, flag boolean, doc jsonb, raw bytea, note text)`);
  });
  afterAll(() => client.close());

  const prepared = async () =>
    (await pglite.query<{ name: string }>('select name from pg_prepared_statements')).rows.map((row) => row.name);

  it('prepares a statement on first use, reuses it, and answers what PGlite itself answers', async () => {
    const insert = 'insert into t (id, n, at, flag, doc, raw, note) values ($1, $2, $3, $4, $5, $6, $7)';
    const at = new Date('2026-11-22T10:00:00.123Z');
    const inserted = await client.query(insert, ['a', 42, at, true, { k: [1, 'x'] }, new Uint8Array([1, 2]), null]);
    expect(inserted.affectedRows).toBe(1);
    await client.query(insert, ['b', 7, at, false, null, null, 'two']);
    expect(await prepared()).toContain(statementName(insert));

    const select = 'select * from t where id = any($1) order by id';
    const ours = await client.query(select, [['a', 'b']]);
    const theirs = await pglite.query(select, [['a', 'b']]);
    expect(ours.rows).toEqual(theirs.rows);
    expect(ours.rows[0]).toMatchObject({ id: 'a', n: 42, at, flag: true, doc: { k: [1, 'x'] }, note: null });
    expect(ours.fields.map((field) => field.name)).toEqual(['id', 'n', 'at', 'flag', 'doc', 'raw', 'note']);
  });

  it('counts the rows an update or delete touched, also through a returning clause', async () => {
    const update = await client.query('update t set note = $1 where id in ($2, $3)', ['x', 'a', 'b']);
    expect(update.affectedRows).toBe(2);
    const deleted = await client.query<{ id: string }>('delete from t where id = $1 returning id', ['b']);
    expect(deleted).toMatchObject({ affectedRows: 1, rows: [{ id: 'b' }] });
  });

  it('passes PostgreSQL errors through with their code, and the statement still works after', async () => {
    const insert = 'insert into t (id) values ($1)';
    await client.query(insert, ['dup']);
    await expect(client.query(insert, ['dup'])).rejects.toMatchObject({ code: '23505' });
    expect((await client.query(insert, ['dup2'])).affectedRows).toBe(1);
  });

  it('reports a malformed statement as PGlite does, and never prepares it', async () => {
    const text = 'select nope from t where id = $1';
    await expect(client.query(text, ['a'])).rejects.toMatchObject({ code: '42703' });
    expect(statementName(text)).toBeUndefined();
  });

  it('runs a statement whose columns changed under it (a migration) unprepared, from then on', async () => {
    const text = 'select * from t where id = $1';
    expect((await client.query(text, ['a'])).rows).toHaveLength(1);
    await client.query('alter table t add column extra int');
    expect((await client.query(text, ['a'])).rows[0]).toMatchObject({ id: 'a', extra: null });
    expect(statementName(text)).toBeUndefined();
    expect((await client.query(text, ['a'])).rows[0]).toMatchObject({ id: 'a', extra: null });
  });

  it('keeps transactions whole: a rollback undoes prepared writes', async () => {
    await client.query('begin');
    await client.query('insert into t (id) values ($1)', ['in-tx']);
    await client.query('rollback');
    expect((await client.query('select id from t where id = $1', ['in-tx'])).rows).toEqual([]);
  });
});
