import { anvil, base } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { LatchError } from '../latchError.js';
import { assertSupportedChain } from './assertSupportedChain.js';

const caught = (run: () => unknown): LatchError => {
  try {
    run();
  } catch (error) {
    if (error instanceof LatchError) return error;
  }
  throw new Error('expected a LatchError');
};

describe('assertSupportedChain', () => {
  it('returns the chain with the id among the given chains', () => {
    expect(assertSupportedChain(8453, [anvil, base])).toBe(base);
  });

  it("refuses another id with unsupported_chain_id and SPEC's text", () => {
    const error = caught(() => assertSupportedChain(1, [anvil, base]));
    expect(error.code).toBe('unsupported_chain_id');
    expect(error.message).toBe('Chain ID 1 is not supported...');
  });

  it('checks the built-in chains when given no list', () => {
    expect(assertSupportedChain(31337).name).toBe('Anvil');
    expect(caught(() => assertSupportedChain(424242)).message).toBe('Chain ID 424242 is not supported...');
  });

  it('refuses a non-integer id without a raw TypeError', () => {
    expect(caught(() => assertSupportedChain(Number.NaN)).code).toBe('unsupported_chain_id');
    expect(caught(() => assertSupportedChain(1.5)).code).toBe('unsupported_chain_id');
  });
});
