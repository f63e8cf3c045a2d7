import type { AppStore } from './apps/appStore.js';
import type { Clock } from './clock.js';
import type { Settings } from './config.js';
import type { Sealer } from './crypto/masterKey.js';
import type { Metrics } from './http/metrics.js';
import type { SigningKeys } from './keys/signingKeys.js';
import type { ShortLivedStore } from './kv/ShortLivedStore.js';
import type { Logger } from './logger.js';
import type { Delivery, Outbox } from './ports.js';
import type { Db, DbKind } from './store/db.js';

/** Everything a route or service needs; built once by `createLatchServer`. */
export interface ServerContext {
  settings: Settings;
  db: Db;
  dbKind: DbKind;
  clock: Clock;
  logger: Logger;
  apps: AppStore;
  keys: SigningKeys;
  sealer: Sealer;
  /** Codes, nonces and counters: PostgreSQL/PGlite, or Redis with REDIS_URL. */
  shortLived: ShortLivedStore;
  delivery: Delivery;
  outbox: Outbox;
  metrics: Metrics;
  /** Registers cleanup that `close()` runs (in reverse order), for resources a module opens lazily. */
  onClose(cleanup: () => Promise<void> | void): void;
}
