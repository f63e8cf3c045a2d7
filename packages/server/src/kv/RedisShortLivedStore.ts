import { Redis } from 'ioredis';
import { INCREMENT_SCRIPT, RedisDurableCounters } from './RedisDurableCounters.js';
import type { CounterState, ShortLivedStore } from './ShortLivedStore.js';

// The whole code check in one step (ShortLivedStore.tryCode): read the live code, count the try under
// `code-tries:<id>` (expiring with the code), then delete the code when it matched within the limit or
// the tries are used up. KEYS[1] the code; ARGV: mac, max tries, now (ms), the tries key's prefix. A
// single Redis, like the rest of this store (the tries key is derived inside the script).
const TRY_CODE_SCRIPT = `
local raw = redis.call('GET', KEYS[1])
if not raw then return 0 end
local ok, code = pcall(cjson.decode, raw)
if not ok or type(code) ~= 'table' or type(code.id) ~= 'string' or type(code.mac) ~= 'string'
  or type(code.expiresAt) ~= 'number' then return 0 end
local now = tonumber(ARGV[3])
if code.expiresAt <= now then return 0 end
local triesKey = ARGV[4] .. code.id
local tries = redis.call('INCR', triesKey)
if tries == 1 then redis.call('PEXPIRE', triesKey, math.max(math.floor(code.expiresAt - now), 1)) end
local maxTries = tonumber(ARGV[2])
local taken = tries <= maxTries and code.mac == ARGV[1]
if taken or tries >= maxTries then redis.call('DEL', KEYS[1]) end
if taken then return 1 end
return 0
`;

/** Options of the Redis short-lived store. */
export interface RedisShortLivedStoreOptions {
  /** Prefixed to every key, so several apps or test runs can share one Redis. */
  keyPrefix?: string;
}

/** ShortLivedStore on Redis: TTLs are Redis expiries, increments and code checks Lua scripts, take is GETDEL. */
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
    const [count, ttl] = (await this.redis.eval(
      INCREMENT_SCRIPT,
      1,
      this.prefix + key,
      by,
      Math.max(1, Math.ceil(ttlMs)),
    )) as [number, number];
    return { count: Number(count), ttlMs: Number(ttl) };
  }

  async tryCode(key: string, mac: string, maxTries: number, now: number): Promise<boolean> {
    const taken = await this.redis.eval(
      TRY_CODE_SCRIPT,
      1,
      this.prefix + key,
      mac,
      maxTries,
      now,
      `${this.prefix}code-tries:`,
    );
    return taken === 1;
  }

  async take(key: string): Promise<string | null> {
    return this.redis.getdel(this.prefix + key);
  }

  async close(): Promise<void> {
    if (this.ownsClient) await this.redis.quit();
  }
}
