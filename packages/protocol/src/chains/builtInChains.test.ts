import { describe, expect, it } from 'vitest';
import { BUILT_IN_CHAINS, builtInChain, DEFAULT_CHAIN } from './builtInChains.js';

describe('BUILT_IN_CHAINS', () => {
  it('holds about 40 chains (SPEC §3), each id once, each with a name, a native currency and an RPC URL', () => {
    expect(BUILT_IN_CHAINS.length).toBeGreaterThanOrEqual(38);
    expect(BUILT_IN_CHAINS.length).toBeLessThanOrEqual(45);
    expect(new Set(BUILT_IN_CHAINS.map((chain) => chain.id)).size).toBe(BUILT_IN_CHAINS.length);
    for (const chain of BUILT_IN_CHAINS) {
      expect(chain.name.length, String(chain.id)).toBeGreaterThan(0);
      expect(chain.nativeCurrency.decimals, String(chain.id)).toBe(18);
      expect(chain.nativeCurrency.symbol.length, String(chain.id)).toBeGreaterThan(0);
      expect(chain.rpcUrls.default.http[0], String(chain.id)).toMatch(/^https?:\/\//);
    }
  });

  it('includes every chain a SPEC §9 gas rule names, and the local anvil chain', () => {
    for (const id of [1, 10, 8453, 84532, 11155420, 7777777, 42161, 42170, 421614, 56, 97, 23294, 23295, 137, 80002])
      expect(builtInChain(id), String(id)).toBeDefined();
    expect(builtInChain(31337)).toMatchObject({
      name: 'Anvil',
      rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
    });
  });

  it('gives public chains a block explorer', () => {
    expect(builtInChain(1)?.blockExplorers?.default.url).toBe('https://etherscan.io');
    expect(builtInChain(8453)?.blockExplorers?.default.url).toBe('https://basescan.org');
  });

  it('defaults to Ethereum mainnet (SPEC §9) and finds nothing for an unknown id', () => {
    expect(DEFAULT_CHAIN.id).toBe(1);
    expect(builtInChain(424242)).toBeUndefined();
  });
});
