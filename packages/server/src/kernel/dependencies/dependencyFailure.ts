import { LatchError } from '@latch/protocol';

/**
 * What a store client throws when its server is down, unreachable or too slow, as opposed to an answer
 * (a constraint violation, a syntax error): such a request answers 503 and changed nothing.
 */

/** Socket errors of a server that refused, dropped or never answered the connection. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's own "not now" answers: class 08 (connection exception), admin/crash shutdown (57P01, 57P02),
 * starting up (57P03), too many connections (53300).
 */
const POSTGRES_UNAVAILABLE = /^(08...|57P0[123]|53300)$/;

/** The messages ioredis and pg throw (without a code) when the connection is down or a timeout fired. */
const CLIENT_MESSAGES = [
  // ioredis: offline queue off while disconnected, commandTimeout, socketTimeout, a closed connection, retries spent.
  /^Stream isn't writeable/,
  /^Command timed out/,
  /^Socket timeout/,
  /^Connection is closed/,
  /^Reached the max retries per request limit/,
  // pg / pg-pool: connectionTimeoutMillis, query_timeout, a connection lost mid-query.
  /^timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /^Connection terminated/,
  /^Client has encountered a connection error/,
  /^Client was closed and is not queryable/,
];

/** True when `error` (or its cause) says a store did not answer, not that it refused the request. */
export function isDependencyFailure(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_UNAVAILABLE.test(code))) return true;
  if (typeof message === 'string' && CLIENT_MESSAGES.some((pattern) => pattern.test(message))) return true;
  // An AggregateError (a connect to each of a host's addresses) fails when all did.
  if (Array.isArray(errors) && errors.length > 0 && errors.every((e) => isDependencyFailure(e, depth + 1))) return true;
  return isDependencyFailure(cause, depth + 1);
}

/** Seconds a client should wait before retrying a request refused for a dependency (the `Retry-After`). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 1;

/** The 503 `service_unavailable` (with Retry-After) a request answers when a store did not answer. */
export function unavailable(cause: unknown): LatchError {
  return new LatchError('service_unavailable', undefined, { retryAfter: UNAVAILABLE_RETRY_AFTER_SECONDS, cause });
}

/** Rethrows a store's failure to answer as `unavailable`, anything else (an answer: a constraint, a syntax error) as is. */
export function rethrowUnavailable(error: unknown): never {
  throw isDependencyFailure(error) ? unavailable(error) : error;
}
