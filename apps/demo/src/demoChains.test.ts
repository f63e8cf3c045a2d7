import { resolveChains } from '@latch/protocol/chains';
import { describe, expect, it } from 'vitest';
import { demoChains } from './demoChains.js';

describe('demoChains', () => {
  it("puts the dev chain first and by default, on the stack's RPC URL", () => {
    const { chains, defaultChain } = resolveChains(demoChains('http://127.0.0.1:8545'));
    expect(defaultChain.id).toBe(31337);
    expect(defaultChain.rpcUrls.default.http).toEqual(['http://127.0.0.1:8545']);
    expect(chains.map((chain) => chain.id)).toEqual([31337, 1]);
  });

  it('names no chains without a dev chain (a built demo): every built-in chain, Ethereum first', () => {
    expect(demoChains(null)).toBeUndefined();
  });
});
