export { createShortLivedStore, type ShortLivedStoreConfig } from './createShortLivedStore.js';
export { PgShortLivedStore, type PgShortLivedStoreOptions, type ShortLivedTable } from './PgShortLivedStore.js';
export { RedisShortLivedStore, type RedisShortLivedStoreOptions } from './RedisShortLivedStore.js';
export type { CodeCheckSql, CounterLimit, CounterState, ShortLivedStore } from './ShortLivedStore.js';
