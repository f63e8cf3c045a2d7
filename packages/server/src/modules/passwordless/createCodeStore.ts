import type { ThrottleBackend } from '../../kernel/kv/ShortLivedStore.js';
import type { Db } from '../../kernel/store/db.js';
import type { CodeStore } from './CodeStore.js';
import { PgCodeStore } from './PgCodeStore.js';
import { RedisCodeStore } from './RedisCodeStore.js';

/**
 * The code store beside the short-lived store's counters (`backend`, as the store picks it): on its
 * Redis when it has one, else in the main database `db`, where a code login is one statement.
 */
export function createCodeStore(backend: ThrottleBackend, db: Db, now: () => number): CodeStore {
  if ('redis' in backend) return new RedisCodeStore(backend.redis, backend.keyPrefix ?? '');
  return new PgCodeStore(db, { now });
}
