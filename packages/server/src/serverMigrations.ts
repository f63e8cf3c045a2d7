import { identityModule } from './identity/index.js';
import { type LatchModule, moduleMigrations } from './kernel/module.js';
import type { Db } from './kernel/store/db.js';
import { migrateToLatest } from './kernel/store/migrate.js';
import { defaultModules } from './modules/index.js';

/** The modules a server runs: identity, always first, then `modules` (default: every feature module of this build). */
export function serverModules(modules: readonly LatchModule[] = defaultModules): readonly LatchModule[] {
  return [identityModule, ...modules];
}

/** Every module of this build, identity first: what a server runs by default. */
export const buildModules = serverModules();

/**
 * Migrates `db` for a server of `modules` (identity first; default: every module): the kernel's and the
 * listed modules' migrations run, a module's only when it is listed. The other modules' of this build may
 * already be in the database (a server that listed them before); an unknown one is refused.
 */
export function migrateServer(db: Db, modules: readonly LatchModule[] = buildModules): Promise<string[]> {
  const run = moduleMigrations(modules);
  const tolerated = Object.keys(moduleMigrations(buildModules)).filter((name) => !(name in run));
  return migrateToLatest(db, run, tolerated);
}
