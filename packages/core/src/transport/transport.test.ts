import { CLIENT_NAME, DEFAULTS, HEADER, LatchError, RETRY, TIMEOUT } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../testing/fakeClock.js';
import { createFakeFetch, type FakeAnswer } from '../testing/fakeFetch.js';
import { createTransport } from './transport.js';

const APP_ID = 'a'.repeat(25);

function setup(handler: () => FakeAnswer | Promise<FakeAnswer>) {
  const clock = createFakeClock();
  const server = createFakeFetch(handler);
  const transport = createTransport({
    apiUrl: 'https://auth.example.test/',
    appId: APP_ID,
    clientId: 'client-1',
    clock,
    fetch: server.fetch,
    analyticsId: () => 'ca-123',
  });
  return { clock, server, transport };
}

/** Runs a request to completion on the fake clock and returns its rejection. */
async function failure(promise: Promise<unknown>, clock: { advance(ms: number): Promise<void> }, ms = 10_000) {
  const settled = promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as LatchError,
  );
  await clock.advance(ms);
  return settled;
}

describe('transport', () => {
  it('sends the SPEC §7 headers, the bearer token and a JSON body to the base URL', async () => {
    const { server, transport } = setup(() => ({ body: { ok: true } }));
    const result = await transport.request('/api/v1/passwordless/init', { body: { email: 'a@b.co' }, token: 'tok' });
    expect(result).toEqual({ ok: true });
    const [request] = server.requests;
    expect(request?.path).toBe('/api/v1/passwordless/init');
    expect(request?.method).toBe('POST');
    expect(request?.body).toEqual({ email: 'a@b.co' });
    expect(request?.headers).toMatchObject({
      [HEADER.appId]: APP_ID,
      [HEADER.clientId]: 'client-1',
      [HEADER.clientAnalyticsId]: 'ca-123',
      [HEADER.client]: `${CLIENT_NAME}:${DEFAULTS.sdkVersion}`,
      [HEADER.authorization]: 'Bearer tok',
      'content-type': 'application/json',
    });
  });

  it('sends no Authorization header without a token and GETs without a body', async () => {
    const { server, transport } = setup(() => ({ body: {} }));
    await transport.request('/api/v1/apps/x');
    expect(server.requests[0]?.method).toBe('GET');
    expect(server.requests[0]?.headers).not.toHaveProperty(HEADER.authorization);
    expect(server.requests[0]?.headers[HEADER.client]).toBe('react-auth:1.68.0');
  });

  it.each(RETRY.statuses)('tries 3 times in all on HTTP %i, 500 ms apart', async (status) => {
    const { clock, server, transport } = setup(() => ({ status }));
    const settled = failure(transport.request('/x', { body: {} }), clock, 0);
    await clock.advance(0);
    expect(server.requests).toHaveLength(1);
    await clock.advance(499);
    expect(server.requests).toHaveLength(1);
    await clock.advance(1);
    expect(server.requests).toHaveLength(2);
    await clock.advance(500);
    expect(server.requests).toHaveLength(3);
    const error = await settled;
    expect(error).toBeInstanceOf(LatchError);
    expect(error.status).toBe(status);
    await clock.advance(5_000);
    expect(server.requests).toHaveLength(RETRY.attempts);
  });

  it('returns the answer of a later try once the server recovers', async () => {
    let calls = 0;
    const { clock, transport } = setup(() => (++calls < 3 ? { status: 502 } : { body: { done: calls } }));
    const result = transport.request('/x');
    await clock.advance(1000);
    await expect(result).resolves.toEqual({ done: 3 });
  });

  it.each([400, 401, 403, 404, 422, 429])('does not retry HTTP %i', async (status) => {
    const { clock, server, transport } = setup(() => ({ status }));
    await failure(transport.request('/x'), clock);
    expect(server.requests).toHaveLength(1);
  });

  it('does not retry a definitive catalogue answer on a retryable status (409 linked_to_another_user)', async () => {
    const body = { error: 'linked_to_another_user', message: 'This account has already been linked to another user.' };
    const { clock, server, transport } = setup(() => ({ status: 409, body }));
    const error = await failure(transport.request('/x', { body: {} }), clock);
    expect(server.requests).toHaveLength(1);
    expect(error.code).toBe('linked_to_another_user');
  });

  it('retries a 500 internal_error answer', async () => {
    const { clock, server, transport } = setup(() => ({
      status: 500,
      body: { error: 'internal_error', message: 'x' },
    }));
    await failure(transport.request('/x'), clock);
    expect(server.requests).toHaveLength(3);
  });

  it('uses the delay it is given (the session layer triples it)', async () => {
    const { clock, server, transport } = setup(() => ({ status: 503 }));
    const settled = failure(transport.request('/x', { retryDelayMs: 1500 }), clock, 0);
    await clock.advance(1499);
    expect(server.requests).toHaveLength(1);
    await clock.advance(1);
    expect(server.requests).toHaveLength(2);
    await clock.advance(1500);
    expect(server.requests).toHaveLength(3);
    await settled;
  });

  it('does not retry when asked for a single try', async () => {
    const { clock, server, transport } = setup(() => ({ status: 503 }));
    await failure(transport.request('/x', { attempts: 1 }), clock);
    expect(server.requests).toHaveLength(1);
  });

  it('turns an error body into a LatchError with code, message, status and Retry-After', async () => {
    const { clock, transport } = setup(() => ({
      status: 429,
      body: { error: 'too_many_requests', message: 'Too many requests. Please wait before trying again.' },
      headers: { 'retry-after': '30' },
    }));
    const error = await failure(transport.request('/x'), clock);
    expect(error).toMatchObject({
      code: 'too_many_requests',
      message: 'Too many requests. Please wait before trying again.',
      status: 429,
      retryAfter: 30,
    });
  });

  it('keeps the server message of a 422 invalid_credentials', async () => {
    const { clock, transport } = setup(() => ({
      status: 422,
      body: { error: 'invalid_credentials', message: 'Invalid or expired verification code' },
    }));
    const error = await failure(transport.request('/x'), clock);
    expect(error).toMatchObject({ code: 'invalid_credentials', status: 422 });
    expect(error.message).toBe('Invalid or expired verification code');
  });

  it('times out after 20 s with client_request_timeout, aborting the fetch, without retrying', async () => {
    const { clock, server, transport } = setup(() => 'hang');
    const settled = failure(transport.request('/x'), clock, 0);
    await clock.advance(TIMEOUT.api - 1);
    expect(server.requests[0]?.signal?.aborted).toBe(false);
    await clock.advance(1);
    const error = await settled;
    expect(error.code).toBe('client_request_timeout');
    expect(server.requests[0]?.signal?.aborted).toBe(true);
    await clock.advance(TIMEOUT.api * 3);
    expect(server.requests).toHaveLength(1);
  });

  it('treats an abort as a cancellation', async () => {
    const { clock, server, transport } = setup(() => 'hang');
    const controller = new AbortController();
    const settled = failure(transport.request('/x', { signal: controller.signal }), clock, 0);
    await clock.advance(100);
    controller.abort();
    const error = await settled;
    expect(error.code).toBe('client_request_cancelled');
    expect(server.requests[0]?.signal?.aborted).toBe(true);
  });

  it('cancels during the wait between tries and does not try again', async () => {
    const { clock, server, transport } = setup(() => ({ status: 503 }));
    const controller = new AbortController();
    const settled = failure(transport.request('/x', { signal: controller.signal }), clock, 0);
    await clock.advance(200);
    controller.abort();
    expect((await settled).code).toBe('client_request_cancelled');
    await clock.advance(2000);
    expect(server.requests).toHaveLength(1);
  });

  it('does not call the server when the signal is already aborted', async () => {
    const { clock, server, transport } = setup(() => ({ body: {} }));
    const error = await failure(transport.request('/x', { signal: AbortSignal.abort() }), clock);
    expect(error.code).toBe('client_request_cancelled');
    expect(server.requests).toHaveLength(0);
  });

  it('reports a network failure as client_network_error after 3 tries', async () => {
    const { clock, server, transport } = setup(() => 'network-error');
    const error = await failure(transport.request('/x'), clock);
    expect(error.code).toBe('client_network_error');
    expect(server.requests).toHaveLength(3);
  });

  it('maps a non-JSON failure without a catalogue code to internal_error with the status', async () => {
    const { clock, transport } = setup(() => ({ status: 404 }));
    const error = await failure(transport.request('/x'), clock);
    expect(error).toMatchObject({ code: 'internal_error', status: 404 });
  });
});
