import type { Kysely } from 'kysely';
import { PgShortLivedStore } from './PgShortLivedStore.js';
import { RedisShortLivedStore } from './RedisShortLivedStore.js';
import type { ShortLivedStore } from './ShortLivedStore.js';

/** Where short-lived state goes: Redis when a URL is given, else the main database. */
export interface ShortLivedStoreConfig<DB = object> {
  db: Kysely<DB>;
  redisUrl?: string | undefined;
  redisKeyPrefix?: string;
  now?: () => number;
}

/** Picks the ShortLivedStore for the configuration (REDIS_URL set → Redis, else PostgreSQL/PGlite). */
export function createShortLivedStore<DB>(config: ShortLivedStoreConfig<DB>): ShortLivedStore {
  if (config.redisUrl) return new RedisShortLivedStore(config.redisUrl, { keyPrefix: config.redisKeyPrefix });
  return new PgShortLivedStore(config.db, { now: config.now });
}
