import type { Migration } from 'kysely';
import type { Settings } from './config/config.js';
import type { ServerContext, Services } from './context.js';
import type { ModuleSealing } from './crypto/sealedColumn.js';
import type { Caller, CallerCheck, RouteDef } from './http/env.js';
import { kernelMigrations } from './store/migrations/index.js';

/** What a module's services are built from, beside the context: the master key, loaded before the database. */
export interface ModuleStart {
  masterKey: Buffer;
}

/** Work a module runs while the server listens (a sweep, a delivery worker), stopped on shutdown. */
export interface BackgroundJob {
  stop(): Promise<void> | void;
}

/**
 * One area of the server (SPEC §7), declared as data: the composition root (`createLatchServer`) builds
 * its services once, mounts its routes behind the caller checks they name, and starts its background work.
 * Adding an area is one folder exporting one `LatchModule` and one line in `defaultModules`.
 */
export interface LatchModule {
  /** Short unique name, the module's folder: 'passkeys'. */
  id: string;
  /** The modules whose services this one uses (at request time); the server refuses to start without them. */
  requires?: readonly string[];
  /** Runs before the database opens, so a missing or bad key stops the start, not a request. */
  checkKeys?(settings: Settings, masterKey: Buffer): void;
  /** Builds the module's services once at start, in module order (earlier modules' services are on `ctx`). */
  services?(ctx: ServerContext, start: ModuleStart): Partial<Services>;
  /** Request middleware every route runs, in module order, before its caller check (the app, CORS). */
  middleware?: readonly CallerCheck[];
  /** The caller kinds this module checks (`RouteDef.caller`). */
  callers?: Partial<Record<Caller, CallerCheck>>;
  /** The module's one route table. */
  routes?: readonly RouteDef[];
  /** Started by a listening server (not by CLI commands); stopped before the database closes. */
  background?(ctx: ServerContext): BackgroundJob;
  /** The migrations of the tables this module owns, by their recorded names ('015_passkeys'); run only when the module is listed. */
  migrations?: Readonly<Record<string, Migration>>;
  /** The module's sealed columns, which `keys rotate` re-seals under the current keys (kernel/crypto/rotate.ts). */
  sealed?: ModuleSealing;
}

/** Checks a module list: unique ids, and every module a module `requires` is in the list. */
export function assertModuleList(modules: readonly LatchModule[]): void {
  const ids = new Set<string>();
  for (const module of modules) {
    if (ids.has(module.id)) throw new Error(`module "${module.id}" is listed twice`);
    ids.add(module.id);
  }
  for (const module of modules)
    for (const needed of module.requires ?? [])
      if (!ids.has(needed)) throw new Error(`module "${module.id}" requires module "${needed}", which is not listed`);
}

/** The migrations a server of `modules` runs: the kernel's and every listed module's, by name; a name may appear once. */
export function moduleMigrations(modules: readonly LatchModule[]): Record<string, Migration> {
  const all: Record<string, Migration> = { ...kernelMigrations };
  for (const module of modules)
    for (const [name, migration] of Object.entries(module.migrations ?? {})) {
      if (name in all) throw new Error(`migration "${name}" of module "${module.id}" is declared twice`);
      all[name] = migration;
    }
  return Object.fromEntries(Object.entries(all).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** What the listed modules seal, for `keys rotate` (kernel/crypto/rotate.ts). */
export function moduleSealing(modules: readonly LatchModule[]): ModuleSealing[] {
  return modules.flatMap((module) => module.sealed ?? []);
}

/** Builds every module's services onto `parts`, in order: the context routes and services read. */
export function buildContext(
  parts: Omit<ServerContext, keyof Services>,
  modules: readonly LatchModule[],
  start: ModuleStart,
): ServerContext {
  // The services are added one module at a time: a constructor may read those of modules before it;
  // a request reads any, and by the time one runs the context is whole.
  const ctx = { ...parts } as ServerContext;
  for (const module of modules) Object.assign(ctx, module.services?.(ctx, start));
  return ctx;
}
