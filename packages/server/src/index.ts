import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { adminRoute, createAdminSecret, removeAdminFile, writeAdminFile } from './admin/adminChannel.js';
import { AppStore } from './identity/apps/appStore.js';
import { SigningKeys } from './identity/keys/signingKeys.js';
import { purgeExpiredSessions } from './identity/sessions/sessions.js';
import { createApp } from './kernel/app.js';
import { type Clock, systemClock } from './kernel/clock.js';
import type { Settings } from './kernel/config/config.js';
import type { ServerContext, ServerParts } from './kernel/context.js';
import { createSealer, loadMasterKey, loadPreviousMasterKeys } from './kernel/crypto/masterKey.js';
import { createDeliveryModule } from './kernel/delivery/createDeliveryModule.js';
import type { AppEnv } from './kernel/http/env.js';
import { createMetrics } from './kernel/http/metrics.js';
import { createShortLivedStore, warnIfCountersNotDurable } from './kernel/kv/createShortLivedStore.js';
import { createLogger, type Logger } from './kernel/logger.js';
import type { DeliveryModule } from './kernel/ports.js';
import { type DataDirLock, lockDataDir } from './kernel/store/dataDirLock.js';
import { type Db, openDb } from './kernel/store/db.js';
import { migrateToLatest } from './kernel/store/migrate.js';
import { buildWalletKeyring } from './modules/wallets/custodyFor.js';
import { WebhookWorker } from './modules/webhooks/WebhookWorker.js';
import { routeTable } from './routeTable.js';
import { buildServices } from './services.js';

export type { AppInput, AppRecord } from './identity/apps/appStore.js';
export { createApp } from './kernel/app.js';
export { type Clock, FakeClock, systemClock } from './kernel/clock.js';
export { ConfigError, loadSettings, type Settings } from './kernel/config/config.js';
export type { ServerContext } from './kernel/context.js';
export type { Delivery, DeliveryModule, EmailMessage, Outbox, OutboxMessage, SmsMessage } from './kernel/ports.js';

/** Optional parts a caller (tests, embedding hosts) can replace. */
export interface ServerOverrides {
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
  const masterKey = loadMasterKey(settings);
  const sealer = createSealer(masterKey, loadPreviousMasterKeys(settings));
  // Every key (the recovery key included) is loaded before the database opens: a missing one stops the start.
  const walletKeyring = buildWalletKeyring(settings, masterKey);
  // PGlite is single-process: a second process on the same directory corrupts it (issue 16).
  const lock: DataDirLock | undefined = usesDataDirDatabase(settings)
    ? lockDataDir(settings.dataDir, overrides.lockRole ?? 'server')
    : undefined;
  let db: Db;
  let kind: ReturnType<typeof openDb>['kind'];
  try {
    ({ db, kind } = openDb(settings, overrides.inMemoryPglite));
  } catch (error) {
    lock?.release();
    throw error;
  }
  const cleanups: Array<() => Promise<void> | void> = [() => lock?.release(), () => db.destroy()];
  const keys = new SigningKeys(db, sealer, clock);
  try {
    await migrateToLatest(db);
    await keys.assertMasterKeyOpensKeys();
  } catch (error) {
    await db.destroy();
    lock?.release();
    throw error;
  }
  const shortLived = await createShortLivedStore({
    db: db as unknown as Kysely<object>,
    redisUrl: settings.redisUrl,
    redisKeyPrefix: settings.redisKeyPrefix,
    now: () => clock.now().getTime(),
  });
  cleanups.push(() => shortLived.close());
  void warnIfCountersNotDurable(shortLived, logger);
  const deliveryModule = overrides.delivery ?? createDeliveryModule(settings, clock, logger);
  if (deliveryModule.close) cleanups.push(() => deliveryModule.close?.());
  const parts: ServerParts = {
    settings,
    db,
    dbKind: kind,
    clock,
    logger,
    apps: new AppStore(db, keys, clock, { dev: settings.dev }),
    keys,
    sealer,
    shortLived,
    delivery: deliveryModule.delivery,
    outbox: deliveryModule.outbox,
    metrics: createMetrics(),
    onClose: (cleanup) => cleanups.push(cleanup),
  };
  const ctx = buildServices(parts, masterKey, walletKeyring);
  // The CLI's own commands never listen, so only a server opens the admin channel.
  const adminSecret = lock && (overrides.lockRole ?? 'server') === 'server' ? createAdminSecret() : undefined;
  let closed = false;
  return {
    app: createApp(ctx, adminSecret ? [...routeTable, adminRoute(adminSecret)] : routeTable),
    ctx,
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
const PURGE_INTERVAL_MS = 3600_000;

/** Builds and starts the server on settings.host:settings.port; `close()` finishes in-flight requests first. */
export async function startServer(settings: Settings, overrides: ServerOverrides = {}): Promise<RunningServer> {
  const latch = await createLatchServer(settings, overrides);
  const server = await new Promise<Server>((resolve, reject) => {
    const s = serve({ fetch: latch.app.fetch, port: settings.port, hostname: settings.host }, () =>
      resolve(s as Server),
    );
    (s as Server).once('error', reject);
  });
  // Expired refresh tokens and dead sessions are swept hourly (and once at start).
  const purge = () =>
    purgeExpiredSessions(latch.ctx).catch((error: Error) =>
      latch.ctx.logger.warn({ err: { message: error.message } }, 'session purge failed'),
    );
  void purge();
  const purgeTimer = setInterval(purge, PURGE_INTERVAL_MS);
  purgeTimer.unref();
  // The webhook outbox is sent by every listening server (several share a PostgreSQL safely).
  const webhooks = new WebhookWorker(latch.ctx);
  webhooks.start();
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
        clearInterval(purgeTimer);
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
        await webhooks.stop();
        await latch.close();
      })();
      return closing;
    },
  };
}
