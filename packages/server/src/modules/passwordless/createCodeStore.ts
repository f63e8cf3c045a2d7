import type { Kysely } from 'kysely';
import type { ThrottleBackend } from '../../kernel/kv/ShortLivedStore.js';
import type { CodeStore } from './CodeStore.js';
import { PgCodeStore } from './PgCodeStore.js';
import { RedisCodeStore } from './RedisCodeStore.js';

/**
 * The code store beside the short-lived store's counters (`backend`, as the store picks it): on its
 * Redis when it has one, else in the main database `db`, where a code login is one statement.
 */
export function createCodeStore<DB>(backend: ThrottleBackend, db: Kysely<DB>, now: () => number): CodeStore {
  if ('redis' in backend) return new RedisCodeStore(backend.redis, backend.keyPrefix ?? '');
  // The app's Database type includes short_lived and durable_counters; the store sees only those.
  return new PgCodeStore(db as unknown as Kysely<object>, { now });
}
