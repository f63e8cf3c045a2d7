import type { Migration } from 'kysely';
import * as shortLived002 from './002_short_lived.js';
import * as shortLivedUnlogged011 from './011_short_lived_unlogged.js';
import * as durableCounters014 from './014_durable_counters.js';
import * as webhooks019 from './019_webhooks.js';

/**
 * The kernel's own migrations: kernel/kv's tables and the event outbox's (kernel/outbox/outboxTables.ts). Identity and each module declare theirs in their
 * `LatchModule` (`migrations`), beside the tables they own; a server runs the union (`moduleMigrations`).
 * A static list (not a folder scan) so bundlers keep them. A name, once released, never changes: databases
 * record it (latch_migrations).
 */
export const kernelMigrations: Readonly<Record<string, Migration>> = {
  '002_short_lived': shortLived002,
  '011_short_lived_unlogged': shortLivedUnlogged011,
  '014_durable_counters': durableCounters014,
  '019_webhooks': webhooks019,
};
