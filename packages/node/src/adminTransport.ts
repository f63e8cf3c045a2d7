import { isErrorCode, LatchError } from '@latch/protocol';

/** How the admin client reaches the server. */
export interface AdminClientOptions {
  appId: string;
  appSecret?: string;
  apiUrl: string;
  /** Milliseconds before a request is abandoned (`client_request_timeout`). */
  timeoutMs: number;
  fetch: typeof fetch;
}

/** One admin call: the response, or null for a 404 `not_found` (no such user); any other failure throws LatchError. */
export type AdminCall = (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) => Promise<Response | null>;

/** The error of a failed response: its catalogue code and message, or `internal_error` for anything else. */
async function responseError(response: Response): Promise<LatchError> {
  const body = (await response.json().catch(() => undefined)) as { error?: unknown; message?: unknown } | undefined;
  const retry = Number(response.headers.get('retry-after'));
  const options = { status: response.status, retryAfter: Number.isFinite(retry) && retry > 0 ? retry : undefined };
  if (body && isErrorCode(body.error))
    return new LatchError(body.error, typeof body.message === 'string' ? body.message : undefined, options);
  return new LatchError('internal_error', `Latch answered ${response.status}.`, options);
}

/** The admin API's transport; each call sends `Authorization: Basic base64(appId:appSecret)`. */
export function adminTransport(options: AdminClientOptions): AdminCall {
  const authorization = options.appSecret
    ? `Basic ${Buffer.from(`${options.appId}:${options.appSecret}`, 'utf8').toString('base64')}`
    : undefined;

  return async function call(method, path, body) {
    if (!authorization)
      throw new LatchError(
        'invalid_app_secret',
        'The admin API needs the app secret: pass appSecret to createLatchNode.',
      );
    let response: Response;
    try {
      response = await options.fetch(new URL(path, options.apiUrl), {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'TimeoutError')
        throw new LatchError('client_request_timeout', undefined, { cause: error });
      throw new LatchError('client_network_error', undefined, { cause: error });
    }
    if (response.status === 404) {
      const error = await responseError(response);
      // No such user is an answer; a 404 without our code (a wrong apiUrl) is an error.
      if (error.code === 'not_found') return null;
      throw error;
    }
    if (!response.ok) throw await responseError(response);
    return response;
  };
}
