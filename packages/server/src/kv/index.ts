export { createShortLivedStore, type ShortLivedStoreConfig } from './createShortLivedStore.js';
export { PgShortLivedStore, type PgShortLivedStoreOptions, type ShortLivedTable } from './PgShortLivedStore.js';
export { RedisShortLivedStore, type RedisShortLivedStoreOptions } from './RedisShortLivedStore.js';
export type { CounterLimit, CounterState, ShortLivedStore } from './ShortLivedStore.js';
