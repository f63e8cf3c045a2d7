import { describe, expect, it } from 'vitest';
import { siweChainsFromEnv } from './siweChains.js';

const rpcUrls = new Map([[8453, 'https://base.example']]);

describe('siweChainsFromEnv', () => {
  it('is chain 1 plus the chains with an RPC URL when unset, outside dev mode', () => {
    expect(siweChainsFromEnv({}, rpcUrls, false)).toEqual({ chains: new Set([1, 8453]), invalid: [] });
    expect(siweChainsFromEnv({ LATCH_SIWE_CHAIN_IDS: ' ' }, new Map(), false).chains).toEqual(new Set([1]));
  });

  it('is any chain when unset in dev mode', () => {
    expect(siweChainsFromEnv({}, rpcUrls, true).chains).toBe('any');
  });

  it('reads a list of plain or CAIP-2 chain ids, which replaces the default even in dev mode', () => {
    const read = siweChainsFromEnv({ LATCH_SIWE_CHAIN_IDS: '10, eip155:137,x,0,solana:1' }, rpcUrls, true);
    expect(read.chains).toEqual(new Set([10, 137]));
    expect(read.invalid).toEqual(['x', '0', 'solana:1']);
  });
});
