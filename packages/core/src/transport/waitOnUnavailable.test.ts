import { UNAVAILABLE_RETRY } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../testing/fakeClock.js';
import { createFakeFetch, type FakeAnswer } from '../testing/fakeFetch.js';
import { createTransport } from './transport.js';

// A server whose store is down answers 503 service_unavailable with Retry-After (docs/deploy.md): where a
// user waits (code send, refresh) the transport waits that long and tries again, a bounded number of times.
const UNAVAILABLE = {
  status: 503,
  body: { error: 'service_unavailable', message: 'The service is temporarily unavailable. Please try again shortly.' },
  headers: { 'retry-after': '1' },
};

function setup(handler: () => FakeAnswer) {
  const clock = createFakeClock();
  const server = createFakeFetch(handler);
  const transport = createTransport({
    apiUrl: 'https://auth.example.test',
    appId: 'a'.repeat(25),
    clock,
    fetch: server.fetch,
    analyticsId: () => 'ca-1',
  });
  return { clock, server, transport };
}

describe('transport: service_unavailable', () => {
  it('where a user waits, tries again after Retry-After and returns the answer once the server is back', async () => {
    let calls = 0;
    const { clock, server, transport } = setup(() => (++calls < 3 ? UNAVAILABLE : { body: { success: true } }));
    const result = transport.request('/send', { body: {}, waitOnUnavailable: true });
    await clock.advance(999);
    expect(server.requests).toHaveLength(1);
    await clock.advance(1);
    expect(server.requests).toHaveLength(2);
    await clock.advance(1000);
    await expect(result).resolves.toEqual({ success: true });
  });

  it('gives up after UNAVAILABLE_RETRY.attempts tries with the catalogue error', async () => {
    const { clock, server, transport } = setup(() => UNAVAILABLE);
    const result = transport.request('/send', { body: {}, waitOnUnavailable: true }).catch((error) => error);
    await clock.advance(60_000);
    expect(server.requests).toHaveLength(UNAVAILABLE_RETRY.attempts);
    expect(await result).toMatchObject({ code: 'service_unavailable', status: 503, retryAfter: 1 });
  });

  it('clamps a long Retry-After to UNAVAILABLE_RETRY.maxDelayMs', async () => {
    let calls = 0;
    const { clock, server, transport } = setup(() =>
      ++calls < 2 ? { ...UNAVAILABLE, headers: { 'retry-after': '3600' } } : { body: {} },
    );
    const result = transport.request('/refresh', { body: {}, waitOnUnavailable: true });
    await clock.advance(UNAVAILABLE_RETRY.maxDelayMs - 1);
    expect(server.requests).toHaveLength(1);
    await clock.advance(1);
    await expect(result).resolves.toEqual({});
    expect(server.requests).toHaveLength(2);
  });

  it('elsewhere, and without Retry-After, answers the error at once', async () => {
    for (const [answer, options] of [
      [UNAVAILABLE, {}],
      [{ ...UNAVAILABLE, headers: {} }, { waitOnUnavailable: true }],
    ] as const) {
      const { clock, server, transport } = setup(() => answer);
      const result = transport.request('/x', { body: {}, ...options }).catch((error) => error);
      await clock.advance(60_000);
      expect(server.requests).toHaveLength(1);
      expect(await result).toMatchObject({ code: 'service_unavailable' });
    }
  });
});
