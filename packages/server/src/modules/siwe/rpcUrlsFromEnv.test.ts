import { describe, expect, it } from 'vitest';
import { rpcUrlsFromEnv } from './rpcUrlsFromEnv.js';

describe('rpcUrlsFromEnv', () => {
  it('reads chainId=url pairs, plain or CAIP-2', () => {
    const { rpcUrls, invalid } = rpcUrlsFromEnv({
      LATCH_RPC_URLS: ' 1=https://rpc.example/v1?key=abc , eip155:8453=http://127.0.0.1:8545 ',
    });
    expect([...rpcUrls]).toEqual([
      [1, 'https://rpc.example/v1?key=abc'],
      [8453, 'http://127.0.0.1:8545'],
    ]);
    expect(invalid).toEqual([]);
  });

  it('reports malformed entries by their chain part only, never the URL', () => {
    const { rpcUrls, invalid } = rpcUrlsFromEnv({ LATCH_RPC_URLS: '0=https://a.example,x=https://b,5=ftp://secret,7' });
    expect(rpcUrls.size).toBe(0);
    expect(invalid).toEqual(['0', 'x', '5', '7']);
    expect(invalid.join()).not.toContain('secret');
  });

  it('is empty when unset', () => {
    expect(rpcUrlsFromEnv({}).rpcUrls.size).toBe(0);
  });
});
