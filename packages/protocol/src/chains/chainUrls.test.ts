import { anvil, mainnet } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { chainExplorerUrl, chainRpcUrl, explorerTransactionUrl } from './chainUrls.js';

describe('chain URLs', () => {
  it("reads the chain's RPC URL", () => {
    expect(chainRpcUrl(anvil)).toBe('http://127.0.0.1:8545');
  });

  it('refuses a chain without an RPC URL with a catalogue error', () => {
    const bare = { ...anvil, rpcUrls: { default: { http: [] } } };
    expect(() => chainRpcUrl(bare)).toThrow(expect.objectContaining({ code: 'invalid_chain_config' }));
  });

  it("links a transaction on the chain's explorer, and nowhere for a chain without one", () => {
    expect(chainExplorerUrl(mainnet)).toBe('https://etherscan.io');
    expect(explorerTransactionUrl(mainnet, '0xabc')).toBe('https://etherscan.io/tx/0xabc');
    const trailing = { ...mainnet, blockExplorers: { default: { name: 'X', url: 'https://x.example/' } } };
    expect(explorerTransactionUrl(trailing, '0xabc')).toBe('https://x.example/tx/0xabc');
    expect(explorerTransactionUrl(anvil, '0xabc')).toBeUndefined();
  });
});
