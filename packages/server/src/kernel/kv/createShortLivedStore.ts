import type { DependencyWatch } from '../dependencies/DependencyWatch.js';
import type { Logger } from '../logger.js';
import type { Db } from '../store/db.js';
import { PgShortLivedStore } from './PgShortLivedStore.js';
import type { ShortLivedStore } from './ShortLivedStore.js';

/** Where short-lived state goes: Redis when a URL is given, else the main database. */
interface ShortLivedStoreConfig {
  db: Db;
  redisUrl?: string | undefined;
  redisKeyPrefix?: string;
  now?: () => number;
  /** Bounds every Redis connect and command (LATCH_DEPENDENCY_TIMEOUT_MS). */
  timeoutMs: number;
  /** Where Redis's state changes go, and readiness's Redis check. */
  watch?: DependencyWatch;
}

/** Picks the ShortLivedStore for the configuration (REDIS_URL set → Redis, else PostgreSQL/PGlite). */
export async function createShortLivedStore(config: ShortLivedStoreConfig): Promise<ShortLivedStore> {
  if (config.redisUrl) {
    // ioredis loads only when Redis is configured (it is not part of an embedded-database start).
    const [{ RedisShortLivedStore }, { createRedisClient, whenReady }] = await Promise.all([
      import('./RedisShortLivedStore.js'),
      import('./redisClient.js'),
    ]);
    const redis = createRedisClient(config.redisUrl, config.timeoutMs, config.watch);
    config.watch?.add({
      name: 'redis',
      check: async () => {
        await redis.ping();
      },
    });
    // Without an offline queue a command before the connection is ready fails: wait for it, bounded.
    await whenReady(redis, config.timeoutMs);
    return new RedisShortLivedStore(redis, { keyPrefix: config.redisKeyPrefix, ownsClient: true });
  }
  return new PgShortLivedStore(config.db, { now: config.now });
}

/**
 * Logs a warning when the store's durable counters are not durable: a Redis without the append-only
 * file loses send limits and recovery attempts when it restarts (docs/server.md, "Durable counters on
 * Redis"). Never throws: a Redis that will not answer INFO is left to the operator's docs.
 */
export async function warnIfCountersNotDurable(store: ShortLivedStore, logger: Logger): Promise<void> {
  try {
    if ((await store.counters.survivesRestart()) === false) {
      logger.warn(
        'Redis runs without the append-only file (appendonly no): a Redis restart resets send limits and password-recovery attempt counters; set appendonly yes (docs/server.md, "Durable counters on Redis")',
      );
    }
  } catch {
    // INFO refused or the connection closed: nothing to say.
  }
}
