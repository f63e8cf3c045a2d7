import type { TokenResponse } from '@latch/protocol';
import type { Migration } from 'kysely';
import type { Settings } from './config/config.js';
import type { ServerContext, Services } from './context.js';
import type { ModuleSealing } from './crypto/sealedColumn.js';
import type { DependencyProbe } from './dependencies/DependencyWatch.js';
import type { Caller, CallerCheck, RouteDef } from './http/env.js';
import { kernelMigrations } from './store/migrations/index.js';

/** What a module's services are built from, beside the context: the master key, loaded before the database. */
export interface ModuleStart {
  masterKey: Buffer;
  /** Every module of the server, in order: identity collects what they declare for it (step-up factors, hooks). */
  modules: readonly LatchModule[];
}

/** The session a fresh authentication is starting (`onSessionStarted`); its user is known once the login is written. */
export interface StartingSession {
  appId: string;
  sessionId: string;
}

/**
 * A short-lived entry a session-start hook stores for the new session (the wallets module's device grant):
 * stored under `key` for `ttlMs` as the JSON of `value` with `userId` (the session's user) and `expiresAt`
 * (epoch ms, the server's clock) added. On the main database the login's own statement writes it, gated on
 * the login (identity/sessions/sessionEntries.ts); on Redis it is set right after.
 */
export interface SessionStartEntry {
  key: string;
  value: Record<string, string>;
  ttlMs: number;
}

/** What a session-start hook answers: fields for the token response, and the entries to store with the login. */
export interface SessionStartPlan {
  additions: SessionStartAdditions;
  entries: SessionStartEntry[];
}

/** What a session-started hook may add to the token response: never the session's own fields. */
export type SessionStartAdditions = Omit<
  Partial<TokenResponse>,
  | 'user'
  | 'token'
  | 'refresh_token'
  | 'identity_token'
  | 'is_new_user'
  | 'session_update_action'
  | 'new_session_refresh_token'
>;

/**
 * What a module declares for identity whose types are identity's (its step-up factors), merged in by
 * identity as `Services` is (`declare module '…/kernel/module.js' { interface ModuleExtensions { … } }`),
 * so the kernel imports nothing from identity.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging from identity.
export interface ModuleExtensions {}

/** Work a module runs while the server listens (a sweep, a delivery worker), stopped on shutdown. */
export interface BackgroundJob {
  stop(): Promise<void> | void;
}

/**
 * One area of the server (SPEC §7), declared as data: the composition root (`createLatchServer`) builds
 * its services once, mounts its routes behind the caller checks they name, and starts its background work.
 * Adding an area is one folder exporting one `LatchModule` and one line in `defaultModules`.
 */
export interface LatchModule extends ModuleExtensions {
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
  /** What this module needs to serve, added to readiness (the wallets module's frame assets). */
  readiness?(ctx: ServerContext): DependencyProbe | undefined;
  /** Started by a listening server (not by CLI commands); stopped before the database closes. */
  background?(ctx: ServerContext): BackgroundJob;
  /** The migrations of the tables this module owns, by their recorded names ('015_passkeys'); run only when the module is listed. */
  migrations?: Readonly<Record<string, Migration>>;
  /** The module's sealed columns, which `keys rotate` re-seals under the current keys (kernel/crypto/rotate.ts). */
  sealed?: ModuleSealing;
  /**
   * Runs when a fresh authentication starts a session (a login or sign-up; never a refresh, a fork or a
   * link), before the login is written: its additions go into the token response (the wallets module's
   * `device_grant`), its entries are stored with the login and only if the login succeeds.
   */
  onSessionStarted?(ctx: ServerContext, session: StartingSession): SessionStartPlan;
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
  start: Omit<ModuleStart, 'modules'>,
): ServerContext {
  // The services are added one module at a time: a constructor may read those of modules before it;
  // a request reads any, and by the time one runs the context is whole.
  const ctx = { ...parts } as ServerContext;
  for (const module of modules) Object.assign(ctx, module.services?.(ctx, { ...start, modules }));
  return ctx;
}
