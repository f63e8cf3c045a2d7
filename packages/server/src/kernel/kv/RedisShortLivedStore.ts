import type { Redis } from 'ioredis';
import type { CounterState } from './DurableCounters.js';
import { RedisDurableCounters, redisIncrement } from './RedisDurableCounters.js';
import type { ShortLivedStore, ThrottleBackend } from './ShortLivedStore.js';

/** Options of the Redis short-lived store. */
export interface RedisShortLivedStoreOptions {
  /** Prefixed to every key, so several apps or test runs can share one Redis. */
  keyPrefix?: string;
  /** Whether close() quits the client (default: the caller closes it). */
  ownsClient?: boolean;
}

/** ShortLivedStore on Redis: TTLs are Redis expiries, increments a Lua script, take is GETDEL. */
export class RedisShortLivedStore implements ShortLivedStore {
  readonly redis: Redis;
  /** Counters that bound guessing, on the same Redis: durable only with AOF (RedisDurableCounters). */
  readonly counters: RedisDurableCounters;
  private readonly prefix: string;
  private readonly ownsClient: boolean;

  /** Uses `redis` (a server's comes from createRedisClient, with its timeouts). */
  constructor(redis: Redis, options: RedisShortLivedStoreOptions = {}) {
    this.ownsClient = options.ownsClient ?? false;
    this.redis = redis;
    this.prefix = options.keyPrefix ?? 'latch:';
    this.counters = new RedisDurableCounters(this.redis, this.prefix);
  }

  readonly inMainDatabase = false;

  get throttleBackend(): ThrottleBackend {
    return { redis: this.redis, keyPrefix: this.prefix };
  }

  async get(key: string): Promise<string | null> {
    return this.redis.get(this.prefix + key);
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    await this.redis.set(this.prefix + key, value, 'PX', Math.max(1, Math.ceil(ttlMs)));
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async increment(key: string, by: number, ttlMs: number): Promise<CounterState> {
    return redisIncrement(this.redis, this.prefix + key, by, ttlMs);
  }

  async take(key: string): Promise<string | null> {
    return this.redis.getdel(this.prefix + key);
  }

  async close(): Promise<void> {
    if (!this.ownsClient) return;
    // quit() needs a live connection (there is no offline queue): a Redis that is down is just let go.
    try {
      if (this.redis.status === 'ready') await this.redis.quit();
    } finally {
      this.redis.disconnect();
    }
  }
}
