import { Redis } from 'ioredis';
import type { DependencyWatch } from '../dependencies/DependencyWatch.js';

/** The longest pause between reconnect attempts: Redis back means logins back within about a second. */
const MAX_RECONNECT_DELAY_MS = 1000;

/**
 * A Redis client that fails fast instead of queueing (issue 35: a request with Redis down waited 107 s for
 * 20 retries): no offline queue and no per-command retries, so a command while disconnected fails at once;
 * connect, command and socket timeouts of `timeoutMs`, so a silent Redis fails within the bound and the
 * connection is dropped and made again. It reconnects forever (capped backoff). Its `error` events go to
 * `watch` (logged once per change, never ioredis's "Unhandled error event" on stderr).
 */
export function createRedisClient(url: string, timeoutMs: number, watch?: DependencyWatch): Redis {
  const redis = new Redis(url, {
    lazyConnect: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    retryStrategy: (attempt) => Math.min(attempt * 100, MAX_RECONNECT_DELAY_MS),
  });
  redis.on('error', (error: Error) => watch?.report('redis', 'down', error.message));
  redis.on('close', () => watch?.report('redis', 'down', 'connection closed'));
  redis.on('ready', () => watch?.report('redis', 'up'));
  return redis;
}

/** Resolves once `redis` is ready or after `timeoutMs`, whichever comes first (a Redis down at start is readiness's to report). */
export function whenReady(redis: Redis, timeoutMs: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    redis.once('ready', done);
  });
}
