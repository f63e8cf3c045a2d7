import {
  CLIENT_NAME,
  COOKIE_ACCESS_TOKEN,
  DEFAULTS,
  HEADER,
  LatchError,
  loadErrorCatalogue,
  RETRY,
  TIMEOUT,
  UNAVAILABLE_RETRY,
} from '@latch/protocol';
import { type Clock, sleep } from '../clock.js';
import { bodyErrorCode, parseBody, responseError } from './responseError.js';

/** What the transport needs to know about the app and its environment. */
export interface TransportOptions {
  apiUrl: string;
  appId: string;
  clientId?: string;
  clock: Clock;
  /** The persisted client analytics id, read lazily so nothing touches storage at import. */
  analyticsId: () => string;
  fetch?: typeof fetch;
}

/** One request. */
export interface RequestOptions {
  method?: 'GET' | 'POST';
  /** Sent as JSON. */
  body?: unknown;
  /** Access token for the Authorization header, when one is available. */
  token?: string | null;
  /** Cancels the request; the call then rejects with `client_request_cancelled`. */
  signal?: AbortSignal;
  /** Delay between tries (default RETRY.delayMs; the session layer triples it). */
  retryDelayMs?: number;
  /** Total tries (default RETRY.attempts; 1 means no retry). */
  attempts?: number;
  /**
   * A user is waiting on this call (code send, session refresh): a 503 `service_unavailable` with Retry-After
   * (a store the server needs is down) is tried again after the server's delay, UNAVAILABLE_RETRY bounded.
   * Elsewhere it is final, and the screens show SPEC's generic error.
   */
  waitOnUnavailable?: boolean;
  /** More headers (the Farcaster status poll's channel token). */
  headers?: Record<string, string>;
}

/** Sends JSON requests to the Latch API with SPEC §7's headers, retries, timeout and cancellation. */
export interface Transport {
  /** Sends one request and resolves with the parsed JSON body; rejects with a LatchError. */
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  /** Cookie mode: every request carries the browser's cookies of the API (`credentials: 'include'`). */
  useCookies(on: boolean): void;
}

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

const cancelled = () => new LatchError('client_request_cancelled');

/** True when a failed answer is worth another try: a retryable status that is not a definitive catalogue answer. */
function isRetryable(error: LatchError, answeredWithCode: boolean): boolean {
  if (!RETRY.statuses.includes(error.status)) return false;
  // A catalogue code other than internal_error is the server's decision (e.g. 409 linked_to_another_user):
  // asking again cannot change it, and could spend a one-time code.
  return !answeredWithCode || error.code === 'internal_error';
}

/** How long to wait before another try of a call the server refused as unavailable, or undefined: no other try. */
function unavailableDelay(error: LatchError, waitsSoFar: number): number | undefined {
  if (error.code !== 'service_unavailable' || error.retryAfter === undefined) return undefined;
  if (waitsSoFar >= UNAVAILABLE_RETRY.attempts - 1) return undefined;
  return Math.min(UNAVAILABLE_RETRY.maxDelayMs, Math.max(UNAVAILABLE_RETRY.minDelayMs, error.retryAfter * 1000));
}

/** Creates the transport. */
export function createTransport(options: TransportOptions): Transport {
  const base = options.apiUrl.replace(/\/+$/, '');
  const doFetch: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);
  let cookies = false;

  const headersFor = (token: string | null | undefined, hasBody: boolean): Record<string, string> => {
    const headers: Record<string, string> = {
      accept: 'application/json',
      [HEADER.appId]: options.appId,
      [HEADER.clientAnalyticsId]: options.analyticsId(),
      [HEADER.client]: `${CLIENT_NAME}:${DEFAULTS.sdkVersion}`,
    };
    if (options.clientId) headers[HEADER.clientId] = options.clientId;
    if (hasBody) headers['content-type'] = 'application/json';
    // Cookie mode's placeholder: the access token is the HttpOnly cookie the browser sends.
    if (token && token !== COOKIE_ACCESS_TOKEN) headers[HEADER.authorization] = `Bearer ${token}`;
    return headers;
  };

  /** One try, bounded by the API timeout and the caller's signal. */
  const tryOnce = (url: string, init: RequestInit, external?: AbortSignal): Promise<Answer> => {
    const controller = new AbortController();
    return new Promise<Answer>((resolve, reject) => {
      const finish = (error?: LatchError) => {
        options.clock.clearTimeout(timer);
        external?.removeEventListener('abort', onAbort);
        if (error) {
          controller.abort(error);
          reject(error);
        }
      };
      const onAbort = () => finish(cancelled());
      const timer = options.clock.setTimeout(() => finish(new LatchError('client_request_timeout')), TIMEOUT.api);
      external?.addEventListener('abort', onAbort, { once: true });
      doFetch(url, { ...init, signal: controller.signal })
        .then(async (response) => {
          const body = parseBody(await response.text());
          finish();
          resolve({ status: response.status, headers: response.headers, body });
        })
        .catch((cause: unknown) => {
          // After a timeout or cancel the promise is already settled; this only reports real network failures.
          finish(new LatchError('client_network_error', undefined, { cause }));
        });
    });
  };

  return {
    useCookies(on) {
      cookies = on;
    },
    async request<T>(path: string, request: RequestOptions = {}): Promise<T> {
      const { signal, body } = request;
      const attempts = Math.max(1, request.attempts ?? RETRY.attempts);
      const delay = request.retryDelayMs ?? RETRY.delayMs;
      const init: RequestInit = {
        method: request.method ?? (body === undefined ? 'GET' : 'POST'),
        headers: { ...headersFor(request.token, body !== undefined), ...request.headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        ...(cookies ? { credentials: 'include' as const } : {}),
      };
      let unavailableWaits = 0;
      for (let attempt = 1; ; attempt++) {
        if (signal?.aborted) throw cancelled();
        let failure: LatchError;
        let retryable: boolean;
        let wait = delay;
        try {
          const answer = await tryOnce(`${base}${path}`, init, signal);
          if (answer.status >= 200 && answer.status < 300) return answer.body as T;
          // An error answer is read against the catalogue, which a browser page loads lazily (createLatchClient
          // starts it): wait for it here, so a catalogue code is never taken for an unknown one.
          await loadErrorCatalogue()?.catch(() => {});
          failure = responseError(answer.status, answer.headers, answer.body);
          retryable = isRetryable(failure, bodyErrorCode(answer.body) !== undefined);
        } catch (error) {
          if (!(error instanceof LatchError)) throw error;
          failure = error;
          // A lost connection may be transient; a timeout already waited 20 s and a cancel is final.
          retryable = error.code === 'client_network_error';
        }
        const unavailableWait = request.waitOnUnavailable ? unavailableDelay(failure, unavailableWaits) : undefined;
        if (unavailableWait !== undefined) {
          // Its own budget: the server said when to come back, the usual tries are for other failures.
          unavailableWaits++;
          attempt--;
          wait = unavailableWait;
        } else if (!retryable || attempt >= attempts) throw failure;
        try {
          await sleep(options.clock, wait, signal);
        } catch {
          throw cancelled();
        }
      }
    },
  };
}
