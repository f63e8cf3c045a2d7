import type { Clock } from './clock.js';
import type { Settings } from './config/config.js';
import type { Keyring } from './crypto/keyring.js';
import type { Sealer } from './crypto/masterKey.js';
import type { DependencyWatch } from './dependencies/DependencyWatch.js';
import type { Metrics } from './http/metrics.js';
import type { ShortLivedStore } from './kv/ShortLivedStore.js';
import type { Logger } from './logger.js';
import type { Delivery, Outbox } from './ports.js';
import type { Db, DbKind } from './store/db.js';

/** What the kernel itself provides to every module: storage, time, logging, secrets, delivery. */
export interface KernelParts {
  settings: Settings;
  db: Db;
  dbKind: DbKind;
  clock: Clock;
  logger: Logger;
  sealer: Sealer;
  /** Keys derived per purpose from the master key (and the recovery key), for envelopes (kernel/crypto/envelope.ts). */
  keyring: Keyring;
  /** Codes, nonces and counters: PostgreSQL/PGlite, or Redis with REDIS_URL. */
  shortLived: ShortLivedStore;
  delivery: Delivery;
  outbox: Outbox;
  metrics: Metrics;
  /** PostgreSQL, Redis and the frame assets as readiness sees them; logs each outage once. */
  dependencies: DependencyWatch;
  /** Registers cleanup that `close()` runs (in reverse order), for resources a module opens lazily. */
  onClose(cleanup: () => Promise<void> | void): void;
}

/**
 * The services identity and the modules add to the context, built once at start. Each adds its own by
 * augmenting this interface beside its `LatchModule` (as Hono's ContextVariableMap), so the kernel
 * imports no service:
 * `declare module '../../kernel/context.js' { interface Services { passkeys: Passkeys } }`
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging from identity and the modules.
export interface Services {}

/** Everything a route or service needs: the kernel's parts and every module's services. */
export type ServerContext = KernelParts & Services;
