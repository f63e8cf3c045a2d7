import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { closePglite } from './closePglite.js';
import { openDb } from './db.js';

describe('closePglite', () => {
  const before = process.exitCode;
  afterEach(() => {
    process.exitCode = before;
  });

  it('closes the database and leaves a failing exit code as it was', async () => {
    const pglite = new PGlite();
    await pglite.query('select 1');
    process.exitCode = 3;
    await closePglite(pglite);
    expect(process.exitCode).toBe(3);
    expect(pglite.closed).toBe(true);
  });

  it.each([true, false])('is how the server closes its embedded database (pgPrepare %s)', async (pgPrepare) => {
    const { db } = openDb({ dataDir: '', inMemoryDb: true, pgPrepare });
    await db.selectNoFrom((eb) => eb.lit(1).as('one')).execute();
    process.exitCode = 4;
    await db.destroy();
    expect(process.exitCode).toBe(4);
  });
});
