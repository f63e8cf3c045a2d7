import { describe, expect, it } from 'vitest';
import { sendTransactionChain } from './sendTransactionChain.js';

const HASH = `0x${'ab'.repeat(32)}`;

describe('sendTransactionChain', () => {
  it("links a hash to the chain's public explorer and names its native token", () => {
    const base = sendTransactionChain(8453, undefined);
    expect(base.nativeSymbol).toBe('ETH');
    expect(base.explorerTransactionUrl(HASH)).toBe(`https://basescan.org/tx/${HASH}`);
    expect(sendTransactionChain(137, undefined).nativeSymbol).toBe('POL');
  });

  it("takes the host's blockExplorerUrls override", () => {
    const chain = sendTransactionChain(1, { supportedChains: [1], blockExplorerUrls: { 1: 'https://scan.example/' } });
    expect(chain.explorerTransactionUrl(HASH)).toBe(`https://scan.example/tx/${HASH}`);
  });

  it('has no link on a chain without an explorer (the local anvil chain)', () => {
    expect(sendTransactionChain(31337, { supportedChains: [31337] }).explorerTransactionUrl(HASH)).toBeUndefined();
  });
});
