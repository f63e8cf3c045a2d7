import type { IncomingMessage } from 'node:http';
import type { UnofficialStatusCode } from 'hono/utils/http-status';
import type { LatchContext } from './env.js';

/** The status recorded for a request whose client left before it was answered (nginx's 499). */
export const CLIENT_CLOSED_REQUEST = 499;

/** Error codes Node gives a body read cut short by the client closing its connection. */
const ABORT_CODES = new Set(['ECONNRESET', 'ERR_STREAM_PREMATURE_CLOSE']);

/**
 * True when `error` is the client going away mid-request (a closed socket while the body was read),
 * not a fault of ours. On the Node server the request's own stream must show the disconnect too, so
 * a server-side ECONNRESET (say, from a database socket) still counts as our error.
 */
export function isClientAbort(c: LatchContext, error: Error): boolean {
  if (!ABORT_CODES.has(String((error as NodeJS.ErrnoException).code))) return false;
  // Hono's Node adapter passes the raw request as `env.incoming`; in-process calls (tests) have none.
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming) return true;
  return incoming.readableAborted || incoming.errored !== null || incoming.socket?.destroyed === true;
}

/** The (never delivered) answer to an aborted request: no body, status 499. */
export function clientClosedResponse(c: LatchContext): Response {
  return c.body(null, CLIENT_CLOSED_REQUEST as UnofficialStatusCode);
}
