import { errorBody, isErrorCode, LatchError } from '@latch/protocol';
import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isDependencyFailure, unavailable } from '../dependencies/dependencyFailure.js';
import { clientClosedResponse, isClientAbort } from './clientAbort.js';
import type { AppEnv } from './env.js';

/**
 * Maps any thrown error to `{ error, message }`: LatchError with its status, a store that did not answer
 * 503 `service_unavailable` with Retry-After, everything else a bare 500.
 */
export const handleError: ErrorHandler<AppEnv> = (thrown, c) => {
  // A store that is down or too slow (PostgreSQL's failures arrive as service_unavailable already, Redis's
  // as the client's own errors): a retryable 503 the client can act on. The outage itself is logged once
  // by the watch (when it goes down and when it is back), not once per refused request.
  const error = isDependencyFailure(thrown) && !isClientAbort(c, thrown) ? unavailable(thrown) : thrown;
  if (error instanceof LatchError && error.code === 'service_unavailable') c.get('ctx')?.dependencies.suspect();
  if (error instanceof LatchError && isErrorCode(error.code)) {
    if (error.retryAfter !== undefined) c.header('Retry-After', String(Math.max(1, Math.ceil(error.retryAfter))));
    return c.json(error.toBody(), error.status as ContentfulStatusCode);
  }
  if (error instanceof HTTPException && error.status < 500) {
    return c.json(errorBody(error.status === 404 ? 'not_found' : 'invalid_data'), error.status as ContentfulStatusCode);
  }
  // A client that closed its connection mid-body is not our failure: no error line (a slow-body
  // client would otherwise write one per socket), just the request line at debug with status 499.
  if (isClientAbort(c, error)) return clientClosedResponse(c);
  // Unknown errors: log the name and stack, never the request, and tell the client nothing more.
  c.get('ctx')?.logger.error(
    { err: { name: error.name, message: error.message, stack: error.stack } },
    'unhandled error',
  );
  return c.json(errorBody('internal_error'), 500);
};
