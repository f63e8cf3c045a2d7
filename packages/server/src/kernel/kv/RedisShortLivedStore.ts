import { Redis } from 'ioredis';
import type { CounterState } from './DurableCounters.js';
import { RedisDurableCounters, redisIncrement } from './RedisDurableCounters.js';
import type { ShortLivedStore, ThrottleBackend } from './ShortLivedStore.js';

/** Options of the Redis short-lived store. */
export interface RedisShortLivedStoreOptions {
  /** Prefixed to every key, so several apps or test runs can share one Redis. */
  keyPrefix?: string;
}

/** ShortLivedStore on Redis: TTLs are Redis expiries, increments a Lua script, take is GETDEL. */
export class RedisShortLivedStore implements ShortLivedStore {
  readonly redis: Redis;
  /** Counters that bound guessing, on the same Redis: durable only with AOF (RedisDurableCounters). */
  readonly counters: RedisDurableCounters;
  private readonly prefix: string;
  private readonly ownsClient: boolean;

  /** Connects to `urlOrClient` (a REDIS_URL) or uses a client the caller owns. */
  constructor(urlOrClient: string | Redis, options: RedisShortLivedStoreOptions = {}) {
    this.ownsClient = typeof urlOrClient === 'string';
    this.redis = typeof urlOrClient === 'string' ? new Redis(urlOrClient, { lazyConnect: false }) : urlOrClient;
    this.prefix = options.keyPrefix ?? 'latch:';
    this.counters = new RedisDurableCounters(this.redis, this.prefix);
  }

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
    if (this.ownsClient) await this.redis.quit();
  }
}
