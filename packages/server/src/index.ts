import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { sql } from 'kysely';
import { adminRoute, createAdminSecret, removeAdminFile, writeAdminFile } from './admin/adminChannel.js';
import { createApp } from './kernel/app.js';
import { type Clock, systemClock } from './kernel/clock.js';
import type { Settings } from './kernel/config/config.js';
import type { KernelParts, ServerContext } from './kernel/context.js';
import { createKeyring } from './kernel/crypto/keyring.js';
import { createSealer, loadMasterKey, loadPreviousMasterKeys } from './kernel/crypto/masterKey.js';
import { loadRecoveryKeys } from './kernel/crypto/recoveryKey.js';
import { createDeliveryModule } from './kernel/delivery/createDeliveryModule.js';
import { DependencyWatch } from './kernel/dependencies/DependencyWatch.js';
import { DEFAULT_DEPENDENCY_TIMEOUT_MS } from './kernel/dependencies/dependencyTimeout.js';
import type { AppEnv } from './kernel/http/env.js';
import { createMetrics } from './kernel/http/metrics.js';
import { createShortLivedStore, warnIfCountersNotDurable } from './kernel/kv/createShortLivedStore.js';
import { createLogger, type Logger } from './kernel/logger.js';
import { assertModuleList, type BackgroundJob, buildContext, type LatchModule } from './kernel/module.js';
import type { DeliveryModule } from './kernel/ports.js';
import { type DataDirLock, lockDataDir } from './kernel/store/dataDirLock.js';
import { type Db, openDb } from './kernel/store/db.js';
import { migrateServer, serverModules } from './serverMigrations.js';

export type { AppInput } from './identity/apps/appInput.js';
export type { AppRecord } from './identity/apps/appStore.js';
export type { EligibleFactor, StepUpCaller, StepUpFactor, StepUpRequest } from './identity/stepUp/StepUpFactor.js';
export { createApp } from './kernel/app.js';
export { type Clock, FakeClock, systemClock } from './kernel/clock.js';
export { ConfigError, loadSettings, type Settings } from './kernel/config/config.js';
export type { KernelParts, ServerContext, Services } from './kernel/context.js';
export type { CallerKinds, RequestVariables, RouteDef } from './kernel/http/env.js';
export type {
  BackgroundJob,
  LatchModule,
  ModuleExtensions,
  ModuleStart,
  SessionStartAdditions,
  SessionStartEntry,
  SessionStartPlan,
  StartingSession,
} from './kernel/module.js';
export type { Delivery, DeliveryModule, EmailMessage, Outbox, OutboxMessage, SmsMessage } from './kernel/ports.js';
export { defaultModules } from './modules/index.js';

/** Optional parts a caller (tests, embedding hosts) can replace. */
export interface ServerOverrides {
  /** The feature modules, in route order (default `defaultModules`); identity is always added first. */
  modules?: readonly LatchModule[];
  clock?: Clock;
  logger?: Logger;
  delivery?: DeliveryModule;
  /** Who takes the data directory's lock (embedded database on disk): the server, or a one-off CLI command. */
  lockRole?: 'server' | 'cli';
  /**
   * Tests only: where an in-memory database (`inMemoryDb`) comes from. The test harness hands a copy of
   * one already migrated, which starts in a fraction of the time a fresh PGlite's initdb takes.
   */
  inMemoryPglite?: () => PGlite;
}

/** A built server: the Hono app and its context, not yet listening. */
export interface LatchServer {
  app: Hono<AppEnv>;
  ctx: ServerContext;
  /** Identity and the feature modules this server runs, in order. */
  modules: readonly LatchModule[];
  db: Db;
  settings: Settings;
  /** The admin channel's secret, when this server holds an embedded database's data directory. */
  adminSecret?: string;
  close(): Promise<void>;
}

/** True when the settings open PGlite on disk, which one process only may do (the data dir is locked). */
function usesDataDirDatabase(settings: Settings): boolean {
  return !settings.databaseUrl && !settings.inMemoryDb;
}

/** Builds the server: opens and migrates the database, loads the master key, wires the modules. */
export async function createLatchServer(settings: Settings, overrides: ServerOverrides = {}): Promise<LatchServer> {
  const clock = overrides.clock ?? systemClock;
  const logger = overrides.logger ?? createLogger(settings.logLevel);
  const modules = serverModules(overrides.modules);
  assertModuleList(modules);
  const masterKey = loadMasterKey(settings);
  const previousMasterKeys = loadPreviousMasterKeys(settings);
  const sealer = createSealer(masterKey, previousMasterKeys);
  // The recovery key loads when first used: a module that seals under it checks it at start (checkKeys).
  const keyring = createKeyring(masterKey, previousMasterKeys, () => loadRecoveryKeys(settings, masterKey));
  // Every key a module needs is loaded before the database opens: a missing one stops the start.
  for (const module of modules) module.checkKeys?.(settings, masterKey);
  // PGlite is single-process: a second process on the same directory corrupts it (issue 16).
  const lock: DataDirLock | undefined = usesDataDirDatabase(settings)
    ? lockDataDir(settings.dataDir, overrides.lockRole ?? 'server')
    : undefined;
  let db: Db;
  let kind: ReturnType<typeof openDb>['kind'];
  let queryDeadline: ReturnType<typeof openDb>['queryDeadline'];
  try {
    ({ db, kind, queryDeadline } = openDb(settings, overrides.inMemoryPglite));
  } catch (error) {
    lock?.release();
    throw error;
  }
  const cleanups: Array<() => Promise<void> | void> = [() => lock?.release(), () => db.destroy()];
  try {
    await migrateServer(db, modules);
  } catch (error) {
    await db.destroy();
    lock?.release();
    throw error;
  }
  const timeoutMs = settings.dependencyTimeoutMs ?? DEFAULT_DEPENDENCY_TIMEOUT_MS;
  // Migrations may take long on a big database; once they are done every query is bounded.
  queryDeadline.ms = timeoutMs;
  const dependencies = new DependencyWatch(logger, timeoutMs);
  dependencies.add({
    name: kind,
    check: async () => {
      await sql`select 1`.execute(db);
    },
  });
  const shortLived = await createShortLivedStore({
    db,
    redisUrl: settings.redisUrl,
    redisKeyPrefix: settings.redisKeyPrefix,
    now: () => clock.now().getTime(),
    timeoutMs,
    watch: dependencies,
  });
  cleanups.push(() => shortLived.close());
  // Runs before the store closes (cleanups run in reverse): a closing server's Redis is not an outage.
  cleanups.push(() => dependencies.close());
  void warnIfCountersNotDurable(shortLived, logger);
  const deliveryModule = overrides.delivery ?? createDeliveryModule(settings, clock, logger);
  if (deliveryModule.close) cleanups.push(() => deliveryModule.close?.());
  const parts: KernelParts = {
    settings,
    db,
    dbKind: kind,
    clock,
    logger,
    sealer,
    keyring,
    shortLived,
    delivery: deliveryModule.delivery,
    outbox: deliveryModule.outbox,
    metrics: createMetrics(),
    dependencies,
    onClose: (cleanup) => cleanups.push(cleanup),
  };
  const ctx = buildContext(parts, modules, { masterKey });
  for (const module of modules) {
    const probe = module.readiness?.(ctx);
    if (probe) dependencies.add(probe);
  }
  try {
    await ctx.keys.assertMasterKeyOpensKeys();
  } catch (error) {
    for (const cleanup of cleanups.reverse()) await cleanup();
    throw error;
  }
  // The CLI's own commands never listen, so only a server opens the admin channel.
  const adminSecret = lock && (overrides.lockRole ?? 'server') === 'server' ? createAdminSecret() : undefined;
  let closed = false;
  return {
    app: createApp(ctx, modules, adminSecret ? [adminRoute(adminSecret, modules)] : []),
    ctx,
    modules,
    db,
    settings,
    adminSecret,
    async close() {
      if (closed) return;
      closed = true;
      for (const cleanup of cleanups.reverse()) {
        try {
          await cleanup();
        } catch (error) {
          logger.warn({ err: { message: (error as Error).message } }, 'cleanup failed');
        }
      }
    },
  };
}

/** A listening server. */
export interface RunningServer extends LatchServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Grace period for in-flight requests on shutdown before connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;

/** Builds and starts the server on settings.host:settings.port; `close()` finishes in-flight requests first. */
export async function startServer(settings: Settings, overrides: ServerOverrides = {}): Promise<RunningServer> {
  const latch = await createLatchServer(settings, overrides);
  const server = await new Promise<Server>((resolve, reject) => {
    const s = serve({ fetch: latch.app.fetch, port: settings.port, hostname: settings.host }, () =>
      resolve(s as Server),
    );
    (s as Server).once('error', reject);
  });
  const jobs: BackgroundJob[] = latch.modules.flatMap((module) => module.background?.(latch.ctx) ?? []);
  const { port } = server.address() as AddressInfo;
  const url = `http://${settings.host.includes(':') ? `[${settings.host}]` : settings.host}:${port}`;
  const { adminSecret } = latch;
  if (adminSecret) {
    // The CLI reaches this server on loopback, whatever interface it listens on.
    const loopback = settings.host === '0.0.0.0' ? '127.0.0.1' : settings.host === '::' ? '::1' : settings.host;
    const adminUrl = `http://${loopback.includes(':') ? `[${loopback}]` : loopback}:${port}`;
    writeAdminFile(settings.dataDir, { pid: process.pid, url: adminUrl, secret: adminSecret });
  }
  let closing: Promise<void> | undefined;
  return {
    ...latch,
    url,
    server,
    close() {
      closing ??= (async () => {
        if (adminSecret) removeAdminFile(settings.dataDir, adminSecret);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
          timer.unref();
          server.close(() => {
            clearTimeout(timer);
            resolve();
          });
          server.closeIdleConnections();
        });
        for (const job of jobs) await job.stop();
        await latch.close();
      })();
      return closing;
    },
  };
}
