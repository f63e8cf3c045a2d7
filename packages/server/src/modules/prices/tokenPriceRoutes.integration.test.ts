import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { PRICES_API } from '@latch/protocol';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { forEachBackend, widgetHeaders } from '../../test/harness.js';
import { PRICE_FAILURE_TTL_MS, PRICE_TTL_MS } from './TokenPrices.js';
import { configureTokenPrices } from './tokenPricesFor.js';

/** The API key the stand-in demands in the query, as CoinGecko's pro API takes it: it must never leak. */
const API_KEY = 'cg-secret-key-123';

/**
 * A loopback stand-in for CoinGecko's simple-price API (GET /api/v3/simple/price?ids&vs_currencies=usd →
 * `{ "<id>": { "usd": n } }`, unknown ids absent). `mode` switches it to failing; `calls` counts requests.
 */
function priceStandIn() {
  const state = {
    mode: 'ok' as 'ok' | 'error' | 'hang' | 'garbage',
    calls: [] as string[],
    prices: { ethereum: 3120.55, 'polygon-ecosystem-token': 0.41 } as Record<string, number>,
    /** Answers held back while a test checks that concurrent misses share one call. */
    held: [] as Array<() => void>,
    hold: false,
  };
  const server: Server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    state.calls.push(url.pathname + url.search);
    const answer = () => {
      if (url.pathname !== '/api/v3/simple/price' || url.searchParams.get('x_cg_pro_api_key') !== API_KEY) {
        res.statusCode = 401;
        return res.end('{"error":"bad key"}');
      }
      if (state.mode === 'hang') return; // never answers: the server's timeout must end the wait
      if (state.mode === 'error') {
        res.statusCode = 503;
        return res.end('upstream down');
      }
      res.setHeader('content-type', 'application/json');
      if (state.mode === 'garbage') return res.end('{"ethereum":{"usd":"lots"}}');
      const body: Record<string, { usd: number }> = {};
      for (const id of (url.searchParams.get('ids') ?? '').split(',')) {
        const usd = state.prices[id];
        if (url.searchParams.get('vs_currencies') === 'usd' && usd !== undefined) body[id] = { usd };
      }
      res.end(JSON.stringify(body));
    };
    if (state.hold) state.held.push(answer);
    else answer();
  });
  return { server, state };
}

forEachBackend('GET /api/v1/token_price', (server) => {
  const { server: standIn, state } = priceStandIn();
  let sourceUrl = '';
  let app: { appId: string; clientId: string };
  const price = (query: string, headers = widgetHeaders(app.appId, app.clientId)) =>
    server().call('GET', `${PRICES_API.tokenPrice}${query}`, { headers });
  /** A server whose price service uses the stand-in; `limit` per IP (in-process calls all share one IP). */
  const useSource = (url: string | null, limit = { points: 1000, durationSec: 60 }) =>
    configureTokenPrices(server().ctx, { sourceUrl: url, limit, timeoutMs: 500 });

  beforeAll(async () => {
    await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
    sourceUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}/api/v3?x_cg_pro_api_key=${API_KEY}`;
    app = await server().createApp();
  });
  afterAll(async () => {
    for (const answer of state.held.splice(0)) answer();
    standIn.closeAllConnections();
    await new Promise((resolve) => standIn.close(resolve));
  });
  beforeEach(() => {
    Object.assign(state, {
      mode: 'ok',
      calls: [],
      hold: false,
      prices: { ethereum: 3120.55, 'polygon-ecosystem-token': 0.41 },
    });
    useSource(sourceUrl);
  });

  it('answers { usd } from the source, and serves repeats from the cache for a minute (one upstream call)', async () => {
    const first = await price('?chainId=1&tokenSymbol=ETH');
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ usd: 3120.55 });
    expect(first.headers.get('cache-control')).toBe('private, max-age=60');
    // Another chain of the same token (Base's ETH), and a lower-case symbol: the same cached price.
    const again = await price('?chainId=8453&tokenSymbol=eth');
    expect(await again.json()).toEqual({ usd: 3120.55 });
    expect(state.calls).toEqual([`/api/v3/simple/price?x_cg_pro_api_key=${API_KEY}&ids=ethereum&vs_currencies=usd`]);

    state.prices.ethereum = 3200;
    server().clock.advance(PRICE_TTL_MS + 1);
    expect(await (await price('?chainId=1&tokenSymbol=ETH')).json()).toEqual({ usd: 3200 });
    expect(state.calls).toHaveLength(2);
    const pol = await price('?chainId=137&tokenSymbol=POL');
    expect(await pol.json()).toEqual({ usd: 0.41 });
    expect(state.calls).toHaveLength(3);
  });

  it('shares one upstream call between concurrent misses', async () => {
    state.hold = true;
    const answers = Promise.all(Array.from({ length: 8 }, () => price('?chainId=10&tokenSymbol=ETH')));
    await expect.poll(() => state.held.length).toBe(1);
    for (const answer of state.held.splice(0)) answer();
    const responses = await answers;
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(state.calls).toHaveLength(1);
  });

  it('answers 502 price_source_error when the source is down, slow or garbled, naming neither its URL nor its key', async () => {
    for (const mode of ['error', 'hang', 'garbage'] as const) {
      useSource(sourceUrl); // a fresh cache: each failure is asked for
      state.mode = mode;
      const res = await price('?chainId=1&tokenSymbol=ETH');
      expect(res.status, mode).toBe(502);
      const text = await res.text();
      expect(JSON.parse(text), mode).toEqual({
        error: 'price_source_error',
        message: 'The price source could not be reached. Try again later.',
      });
      expect(text).not.toMatch(/127\.0\.0\.1|x_cg_pro_api_key|cg-secret|simple\/price/);
    }
  });

  it('remembers a failure briefly (the down source is not asked by every request), then asks again', async () => {
    state.mode = 'error';
    expect((await price('?chainId=1&tokenSymbol=ETH')).status).toBe(502);
    expect((await price('?chainId=1&tokenSymbol=ETH')).status).toBe(502);
    expect(state.calls).toHaveLength(1);
    state.mode = 'ok';
    server().clock.advance(PRICE_FAILURE_TTL_MS + 1);
    expect(await (await price('?chainId=1&tokenSymbol=ETH')).json()).toEqual({ usd: 3120.55 });
    expect(state.calls).toHaveLength(2);
  });

  it('answers 200 { usd: null } with no source configured, without a call and without waiting', async () => {
    useSource(null);
    const res = await price('?chainId=1&tokenSymbol=ETH');
    // No price is a normal answer, not an error: a host page sees no failed request on every send.
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ usd: null });
    expect(state.calls).toEqual([]);
  });

  it('answers 200 { usd: null } for test money (a testnet, the local dev chain) and a token the source lacks', async () => {
    for (const query of ['?chainId=11155111&tokenSymbol=ETH', '?chainId=31337&tokenSymbol=ETH']) {
      const res = await price(query);
      expect(res.status, query).toBe(200);
      expect(await res.json(), query).toEqual({ usd: null });
    }
    expect(state.calls).toEqual([]);
    delete state.prices['polygon-ecosystem-token'];
    const missing = await price('?chainId=137&tokenSymbol=POL');
    expect(missing.status).toBe(200);
    expect(await missing.json()).toEqual({ usd: null });
  });

  it('answers 400 for bad input, without calling the source', async () => {
    const cases: Array<[string, string]> = [
      ['', 'invalid_data'],
      ['?tokenSymbol=ETH', 'invalid_data'],
      ['?chainId=abc&tokenSymbol=ETH', 'invalid_data'],
      ['?chainId=0x1&tokenSymbol=ETH', 'invalid_data'],
      ['?chainId=-1&tokenSymbol=ETH', 'invalid_data'],
      ['?chainId=1', 'invalid_data'],
      ['?chainId=1&tokenSymbol=', 'invalid_data'],
      ['?chainId=1&tokenSymbol=%3Cscript%3E', 'invalid_data'],
      ['?chainId=99999999999&tokenSymbol=ETH', 'unsupported_chain_id'],
      ['?chainId=1&tokenSymbol=POL', 'unsupported_token'],
      ['?chainId=137&tokenSymbol=ETH', 'unsupported_token'],
    ];
    for (const [query, code] of cases) {
      const res = await price(query);
      expect(res.status, query).toBe(400);
      expect((await res.json()).error, query).toBe(code);
    }
    const unknownChain = await price('?chainId=99999999999&tokenSymbol=ETH');
    expect((await unknownChain.json()).message).toBe('Chain ID 99999999999 is not supported...');
    expect(state.calls).toEqual([]);
  });

  it('needs a known app', async () => {
    const anonymous = await price('?chainId=1&tokenSymbol=ETH', {});
    expect(anonymous.status).toBe(400);
    expect(await anonymous.json()).toMatchObject({ error: 'invalid_app_id' });
    const unknown = await price('?chainId=1&tokenSymbol=ETH', widgetHeaders('a'.repeat(25), 'client-x'));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: 'app_not_found' });
  });

  it('throttles per client IP with 429 too_many_requests and Retry-After, cache hits included', async () => {
    useSource(sourceUrl, { points: 3, durationSec: 60 });
    // Over a real socket, so the client IP is real: the loopback peer is a trusted proxy, X-Forwarded-For the client.
    const listening = serve({ fetch: server().app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => listening.once('listening', resolve));
    const base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    const from = (ip: string) =>
      fetch(`${base}${PRICES_API.tokenPrice}?chainId=1&tokenSymbol=ETH`, {
        headers: { ...widgetHeaders(app.appId, app.clientId), 'x-forwarded-for': ip },
      });
    try {
      const tag = Math.floor(Math.random() * 250) + 1;
      for (let i = 0; i < 3; i += 1) expect((await from(`198.51.100.${tag}`)).status).toBe(200);
      const refused = await from(`198.51.100.${tag}`);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ error: 'too_many_requests' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another client is not held back by the first one's count.
      expect((await from(`203.0.113.${tag}`)).status).toBe(200);
      expect(state.calls).toHaveLength(1);
    } finally {
      await new Promise((resolve) => listening.close(resolve));
    }
  });
});
