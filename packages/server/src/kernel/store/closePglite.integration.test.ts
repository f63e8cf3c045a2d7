import { afterEach, describe, expect, it } from 'vitest';
import { freshPglite } from '../../test/pgliteTemplate.js';
import { closePglite } from './closePglite.js';
import { openDb } from './db.js';

// Each database starts from the worker's initdb dump (test/pgliteTemplate.ts), not from initdb: the close
// (Emscripten's exit, which resets the exit code) is the same either way.

describe('closePglite', () => {
  const before = process.exitCode;
  afterEach(() => {
    process.exitCode = before;
  });

  it('closes the database and leaves a failing exit code as it was', async () => {
    const pglite = await freshPglite();
    await pglite.query('select 1');
    process.exitCode = 3;
    await closePglite(pglite);
    expect(process.exitCode).toBe(3);
    expect(pglite.closed).toBe(true);
  });

  it.each([true, false])('is how the server closes its embedded database (pgPrepare %s)', async (pgPrepare) => {
    const pglite = await freshPglite();
    const { db } = openDb({ dataDir: '', inMemoryDb: true, pgPrepare }, () => pglite);
    await db.selectNoFrom((eb) => eb.lit(1).as('one')).execute();
    process.exitCode = 4;
    await db.destroy();
    expect(process.exitCode).toBe(4);
  });
});
