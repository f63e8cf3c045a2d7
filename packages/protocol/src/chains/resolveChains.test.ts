import { anvil, base, mainnet, optimism } from 'viem/chains';
import { beforeAll, describe, expect, it } from 'vitest';
import { LatchError, loadErrorCatalogue } from '../latchError.js';
import { BUILT_IN_CHAINS } from './builtInChains.js';
import { type ChainOptions, resolveChains } from './resolveChains.js';

const refusal = (options: ChainOptions): LatchError => {
  try {
    resolveChains(options);
  } catch (error) {
    if (error instanceof LatchError) return error;
  }
  throw new Error('expected a LatchError');
};

const SPEC_TEXT = 'At least one supported chain is required, and the default chain must be among them.';

describe('resolveChains', () => {
  // The messages come from the catalogue, which loads on demand (latchError.ts); alone, this file loads it itself.
  beforeAll(() => loadErrorCatalogue());

  it('supports every built-in chain and defaults to Ethereum mainnet when the host names none', () => {
    const resolved = resolveChains();
    expect(resolved.chains.map((chain) => chain.id)).toEqual(BUILT_IN_CHAINS.map((chain) => chain.id));
    expect(resolved.defaultChain.id).toBe(1);
  });

  it('takes viem chains and built-in ids; the default is the first supported chain unless named', () => {
    const resolved = resolveChains({ supportedChains: [base, 31337] });
    expect(resolved.chains.map((chain) => chain.name)).toEqual(['Base', 'Anvil']);
    expect(resolved.defaultChain.id).toBe(8453);
    expect(resolveChains({ supportedChains: [base, 31337], defaultChain: 31337 }).defaultChain.name).toBe('Anvil');
    expect(resolveChains({ supportedChains: [base, anvil], defaultChain: anvil }).defaultChain.id).toBe(31337);
  });

  it('refuses no supported chain, and a default outside them, with SPEC §5 text (invalid_chain_config)', () => {
    for (const options of [{ supportedChains: [] }, { supportedChains: [base], defaultChain: mainnet }]) {
      const error = refusal(options);
      expect(error.code).toBe('invalid_chain_config');
      expect(error.message).toBe(SPEC_TEXT);
    }
    // The default alone, with the built-in list, must be built in too.
    expect(refusal({ defaultChain: 424242 }).code).toBe('invalid_chain_config');
  });

  it('refuses an unknown built-in id with unsupported_chain_id, and a chain listed twice', () => {
    const unknown = refusal({ supportedChains: [424242] });
    expect(unknown.code).toBe('unsupported_chain_id');
    expect(unknown.message).toBe('Chain ID 424242 is not supported...');
    expect(refusal({ supportedChains: [base, 8453] }).message).toBe(
      'Chain ID 8453 is listed twice in supportedChains.',
    );
  });

  it("applies the host's RPC URL over the server's, and the server's over the chain's public one", () => {
    const viemMainnetUrls = [...mainnet.rpcUrls.default.http];
    const resolved = resolveChains({
      supportedChains: [mainnet, optimism, anvil],
      rpcUrls: { 1: 'https://host.example/eth' },
      serverRpcUrls: new Map([
        [1, 'https://server.example/eth'],
        [10, 'https://server.example/op'],
      ]),
    });
    const [eth, op, local] = resolved.chains;
    expect(eth?.rpcUrls.default.http).toEqual(['https://host.example/eth']);
    expect(op?.rpcUrls.default.http).toEqual(['https://server.example/op']);
    expect(local?.rpcUrls.default.http).toEqual(['http://127.0.0.1:8545']);
    // viem's own object is left as it was, and the default chain carries the override too.
    expect(mainnet.rpcUrls.default.http).toEqual(viemMainnetUrls);
    expect(resolved.defaultChain).toBe(eth);
  });

  it('applies a block explorer URL override, keeping the explorer name', () => {
    const [eth] = resolveChains({
      supportedChains: [mainnet],
      blockExplorerUrls: { 1: 'https://scan.example' },
    }).chains;
    expect(eth?.blockExplorers?.default).toEqual({ name: 'Etherscan', url: 'https://scan.example' });
  });

  it('refuses an override that is not an http(s) URL', () => {
    expect(refusal({ supportedChains: [mainnet], rpcUrls: { 1: 'not a url' } }).message).toBe(
      'The RPC URL for chain ID 1 is not a URL.',
    );
    expect(refusal({ supportedChains: [mainnet], rpcUrls: { 1: 'javascript:alert(1)' } }).message).toBe(
      'The RPC URL for chain ID 1 must be an http or https URL.',
    );
  });

  it('refuses a hand-made chain with a bad id or no RPC URL', () => {
    expect(refusal({ supportedChains: [{ ...anvil, id: -1 }] }).code).toBe('invalid_chain_config');
    expect(refusal({ supportedChains: [{ ...anvil, rpcUrls: { default: { http: [] } } }] }).message).toBe(
      'Chain ID 31337 has no RPC URL.',
    );
  });
});
