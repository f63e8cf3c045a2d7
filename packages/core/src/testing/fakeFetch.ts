/** A stand-in for the HTTP boundary in unit tests: records each request and answers from a handler. */

/** A request as the fake server saw it. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  signal: AbortSignal | undefined;
}

/** How the fake answers: a response, a network failure, or never (until the request is aborted). */
export type FakeAnswer =
  | { status?: number; body?: unknown; headers?: Record<string, string> }
  | 'network-error'
  | 'hang';

/** A fake fetch and the requests it received. */
export interface FakeFetch {
  fetch: typeof fetch;
  requests: RecordedRequest[];
  /** The requests made to one path. */
  to(path: string): RecordedRequest[];
}

/** Creates a fake fetch answering every request with `handler`. */
export function createFakeFetch(handler: (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>): FakeFetch {
  const requests: RecordedRequest[] = [];
  const fakeFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const request: RecordedRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname + url.search,
      headers,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      signal: init?.signal ?? undefined,
    };
    requests.push(request);
    const answer = await handler(request);
    if (answer === 'network-error') throw new TypeError('fetch failed');
    if (answer === 'hang') {
      return new Promise((_, reject) => {
        request.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }
    const body = answer.body === undefined ? null : JSON.stringify(answer.body);
    return new Response(body, {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  };
  return {
    fetch: fakeFetch as typeof fetch,
    requests,
    to: (path) => requests.filter((request) => request.path === path),
  };
}
