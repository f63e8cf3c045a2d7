import { isErrorCode, LatchError } from '@latch/protocol';

/** Parses a body text as JSON, or undefined when it is empty or not JSON (proxies answer HTML). */
export function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Seconds from a Retry-After header (delta-seconds form), when present. */
function retryAfterSeconds(headers: Headers): number | undefined {
  const value = headers.get('retry-after');
  if (value === null) return undefined;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

/** The catalogue code a failed response names, if it names one. */
export function bodyErrorCode(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string') return body.error;
  return undefined;
}

/** Turns a non-2xx response into a LatchError, keeping the server's code and message when it sent them. */
export function responseError(status: number, headers: Headers, body: unknown): LatchError {
  const options = { status, retryAfter: retryAfterSeconds(headers) };
  const code = bodyErrorCode(body);
  const message =
    body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
      ? body.message
      : undefined;
  if (isErrorCode(code)) return new LatchError(code, message, options);
  // No catalogue code (a proxy page, an unknown server): fall back on what the status says.
  if (status === 429) return new LatchError('too_many_requests', message, options);
  return new LatchError('internal_error', message ?? `The server answered with HTTP ${status}.`, options);
}
