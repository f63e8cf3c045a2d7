import type { Redis } from 'ioredis';
import type { CounterState, DurableCounters } from './DurableCounters.js';

/** INCRBY then set the window's expiry only when the key has none (i.e. was just created). */
const INCREMENT_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {count, ttl}
`;

/** Adds `by` to the counter under `key` (a fresh `ttlMs` window when it has none): the new count and the window's rest. */
export async function redisIncrement(redis: Redis, key: string, by: number, ttlMs: number): Promise<CounterState> {
  const [count, ttl] = (await redis.eval(INCREMENT_SCRIPT, 1, key, by, Math.max(1, Math.ceil(ttlMs)))) as [
    number,
    number,
  ];
  return { count: Number(count), ttlMs: Number(ttl) };
}

/**
 * DurableCounters on Redis, under `<prefix>counter:`. Redis keeps them only as well as it is
 * configured to: run it with the append-only file (`appendonly yes`, `appendfsync everysec` loses at
 * most a second of counts, `always` none); with snapshots alone a crash rolls counters back to the
 * last snapshot, without persistence it empties them (docs/server.md, "Durable counters").
 */
export class RedisDurableCounters implements DurableCounters {
  private readonly prefix: string;

  /** Uses `redis` (owned by the caller) with keys under `<keyPrefix>counter:`. */
  constructor(
    private readonly redis: Redis,
    keyPrefix: string,
  ) {
    this.prefix = `${keyPrefix}counter:`;
  }

  async increment(key: string, by: number, ttlMs: number): Promise<CounterState> {
    return redisIncrement(this.redis, this.prefix + key, by, ttlMs);
  }

  async get(key: string): Promise<CounterState | null> {
    const [[, count], [, ttl]] = (await this.redis
      .multi()
      .get(this.prefix + key)
      .pttl(this.prefix + key)
      .exec()) as [[unknown, string | null], [unknown, number]];
    return count === null || ttl < 0 ? null : { count: Number(count), ttlMs: ttl };
  }

  async set(key: string, count: number, ttlMs: number): Promise<void> {
    await this.redis.set(this.prefix + key, String(count), 'PX', Math.max(1, Math.ceil(ttlMs)));
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  /** Only with the append-only file (`INFO persistence`). */
  survivesRestart(): Promise<boolean | undefined> {
    return redisAppendOnly(this.redis);
  }
}

/** Whether Redis writes its append-only file (`INFO persistence`); undefined when it does not say. */
export async function redisAppendOnly(redis: Redis): Promise<boolean | undefined> {
  const info = await redis.info('persistence');
  const flag = /^aof_enabled:(\d)/m.exec(info)?.[1];
  return flag === undefined ? undefined : flag === '1';
}
