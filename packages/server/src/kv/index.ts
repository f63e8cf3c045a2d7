export {
  createShortLivedStore,
  type ShortLivedStoreConfig,
  warnIfCountersNotDurable,
} from './createShortLivedStore.js';
export type { DurableCounters } from './DurableCounters.js';
export { type DurableCountersTable, PgDurableCounters, type PgDurableCountersOptions } from './PgDurableCounters.js';
export { PgShortLivedStore, type PgShortLivedStoreOptions, type ShortLivedTable } from './PgShortLivedStore.js';
export { RedisDurableCounters, redisAppendOnly } from './RedisDurableCounters.js';
export { RedisShortLivedStore, type RedisShortLivedStoreOptions } from './RedisShortLivedStore.js';
export type {
  CodeBackoff,
  CodeCheckSql,
  CodeTry,
  CodeVerdict,
  CounterLimit,
  CounterState,
  NewCode,
  ShortLivedStore,
} from './ShortLivedStore.js';
