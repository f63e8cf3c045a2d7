import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import type { Database } from '../kernel/store/schema.js';
import { migrateServer } from '../serverMigrations.js';

// A fresh PGlite runs initdb (seconds on a loaded machine) and then every migration; the suites build
// dozens of them. Each data directory is made once per worker and dumped; every test database is a new
// PGlite started from that dump: same files, own memory, nothing shared between instances.
type Kind = 'empty' | 'migrated';

// On globalThis, not module state: the integration worker runs files without isolation, and a module
// evaluated again per file must still find the dumps made by an earlier file.
const cacheKey = Symbol.for('latch.test.pgliteTemplates');
const cache: Map<Kind, Promise<Blob>> = ((globalThis as Record<symbol, unknown>)[cacheKey] as
  | Map<Kind, Promise<Blob>>
  | undefined) ?? new Map();
(globalThis as Record<symbol, unknown>)[cacheKey] = cache;

async function makeTemplate(kind: Kind): Promise<Blob> {
  // initdb runs once: the migrated dump starts from the empty one.
  const pglite = kind === 'empty' ? new PGlite() : new PGlite({ loadDataDir: await template('empty') });
  if (kind === 'migrated') await migrateServer(new Kysely<Database>({ dialect: new PGliteDialect(pglite) }));
  await pglite.waitReady;
  // Uncompressed: loading skips the gunzip, and the dump lives in memory only.
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  return dump;
}

function template(kind: Kind): Promise<Blob> {
  let dump = cache.get(kind);
  if (!dump) {
    dump = makeTemplate(kind);
    // A failed build is not cached: the next caller tries again and sees its own error.
    dump.catch(() => cache.delete(kind));
    cache.set(kind, dump);
  }
  return dump;
}

/** A new in-memory PGlite, as `new PGlite()` gives, started from a dump instead of running initdb. */
export async function freshPglite(): Promise<PGlite> {
  return new PGlite({ loadDataDir: await template('empty') });
}

/** A new in-memory PGlite with every migration applied, started from a dump. */
export async function migratedPglite(): Promise<PGlite> {
  return new PGlite({ loadDataDir: await template('migrated') });
}

/** A synchronous maker of migrated in-memory PGlites, for `ServerOverrides.inMemoryPglite`. */
export async function migratedPgliteMaker(): Promise<() => PGlite> {
  const dump = await template('migrated');
  return () => new PGlite({ loadDataDir: dump });
}
