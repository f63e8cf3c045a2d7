import { ConfigError } from '../config/configError.js';

/**
 * How long a request waits on PostgreSQL or Redis before it answers 503 `service_unavailable`
 * (`LATCH_DEPENDENCY_TIMEOUT_MS`): the connect timeout of both, the wait for a free PostgreSQL connection,
 * Redis's command and socket timeouts, and PostgreSQL's per-query read timeout once the server has started.
 */
export const DEFAULT_DEPENDENCY_TIMEOUT_MS = 1000;

/** `LATCH_DEPENDENCY_TIMEOUT_MS`: whole milliseconds from 50 to 60000; unset: DEFAULT_DEPENDENCY_TIMEOUT_MS. */
export function parseDependencyTimeout(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return DEFAULT_DEPENDENCY_TIMEOUT_MS;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 50 || ms > 60_000) {
    throw new ConfigError(`LATCH_DEPENDENCY_TIMEOUT_MS must be whole milliseconds from 50 to 60000, got "${raw}".`);
  }
  return ms;
}
