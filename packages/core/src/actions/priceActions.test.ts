import { describe, expect, it } from 'vitest';
import { createLatchClient } from '../client.js';
import { createFakeFetch, type FakeAnswer } from '../testing/fakeFetch.js';

const APP_ID = 'p'.repeat(25);

const clientAnswering = (answer: FakeAnswer) => {
  const server = createFakeFetch(() => answer);
  const client = createLatchClient({
    appId: APP_ID,
    clientId: 'web',
    apiUrl: 'https://auth.test',
    fetch: server.fetch,
  });
  return { client, server };
};

describe('getTokenPrice (GET /api/v1/token_price)', () => {
  it("asks for the chain's native token once, with the app's headers, and returns the dollar price", async () => {
    const { client, server } = clientAnswering({ body: { usd: 3012.5 } });
    await expect(client.getTokenPrice(1, 'ETH')).resolves.toBe(3012.5);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ method: 'GET', path: '/api/v1/token_price?chainId=1&tokenSymbol=ETH' });
    expect(server.requests[0]?.headers['latch-app-id']).toBe(APP_ID);
  });

  it('has no price (null), never a made-up one, when the server has none, fails or is unreachable', async () => {
    const unavailable = { status: 404, body: { error: 'price_unavailable', message: 'No USD price.' } };
    for (const answer of [unavailable, { status: 502, body: {} }, 'network-error' as const, { body: { usd: 'x' } }]) {
      const { client, server } = clientAnswering(answer);
      await expect(client.getTokenPrice(31337, 'ETH')).resolves.toBeNull();
      // One try: the send screen shows token amounts rather than wait for retries.
      expect(server.requests).toHaveLength(1);
    }
  });
});
